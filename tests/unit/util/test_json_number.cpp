// sim/util/json_number.h: a double written as a number or null, and one figure read back from a
// JSON document.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/util/json_number.h"

using netcosim::util::find_json_number;
using netcosim::util::finite_or_null;

TEST(FiniteOrNull, FiniteDoublesAreNumbersNanAndInfinitiesAreNull) {
  EXPECT_EQ(finite_or_null(0.1).dump(), "0.1");
  EXPECT_EQ(finite_or_null(-2.0).dump(), "-2.0");
  EXPECT_EQ(finite_or_null(1.0 / 3.0).get<double>(), 1.0 / 3.0);  // read back bit-exact
  EXPECT_TRUE(finite_or_null(std::nan("")).is_null());
  EXPECT_TRUE(finite_or_null(HUGE_VAL).is_null());
  EXPECT_TRUE(finite_or_null(-HUGE_VAL).is_null());
}

TEST(FindJsonNumber, ReadsTopLevelAndNestedNumbers) {
  const std::string doc = R"({"cycles_total": 2000, "fairness": {"jain": 0.875}})";
  double v = 0;
  ASSERT_TRUE(find_json_number(doc, "cycles_total", v));
  EXPECT_EQ(v, 2000.0);
  ASSERT_TRUE(find_json_number(doc, "jain", v));
  EXPECT_EQ(v, 0.875);
}

TEST(FindJsonNumber, AbsentKeyNullStringOrBrokenTextIsNotANumber) {
  double v = -1;
  EXPECT_FALSE(find_json_number(R"({"a": 1})", "b", v));
  EXPECT_FALSE(find_json_number(R"({"hops_avg": null})", "hops_avg", v));
  EXPECT_FALSE(find_json_number(R"({"engine": "native"})", "engine", v));
  EXPECT_FALSE(find_json_number(R"({"a": 1)", "a", v));  // truncated file
  EXPECT_FALSE(find_json_number("", "a", v));
  EXPECT_EQ(v, -1);  // untouched on failure
}
