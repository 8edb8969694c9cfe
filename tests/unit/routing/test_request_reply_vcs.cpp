// Request and reply VCs (thesis 000 Sec. 5.2.2, Theorem 2, Table 5.4; seed 002 Sec. III-B, Table
// IV; docs/model.md "Request-reply traffic"): the baseline's separate halves (RequestReplyVcs,
// sim/routing/request_reply.h), FlexVC's concatenated request and reply sequence in which a reply
// may take request VCs and a request never a reply VC (sim/routing/dragonfly/flexvc_vcs.h), the
// configurations Table 5.4 refuses, and the VC-order checker's per-class rule, shown to fire.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../config/config_error.h"
#include "port_view_fake.h"
#include "sim/config/config.h"
#include "sim/routing/dragonfly/flexvc_vcs.h"
#include "sim/routing/dragonfly/min.h"
#include "sim/routing/request_reply.h"
#include "sim/routing/routing.h"
#include "sim/util/failure.h"

using namespace netcosim;
using flexvc::kG;
using flexvc::kL;
using netcosim::test::error_of;

namespace {

TypePath path(std::initializer_list<flexvc::LinkType> types) {
  TypePath p;
  for (auto t : types) p.push_back(t);
  return p;
}

const Dragonfly& h2() {
  static const Dragonfly topo(2, 4, 2, Arrangement::Palmtree);
  return topo;
}

}  // namespace

// 4/2 = 2/1 + 2/1: l0-g1-l2 | l3-g4-l5 (local VCs 0, 1 | 2, 3; global 0 | 1). A request's MIN
// hops take the request part only; a reply's take the reply part's VC and every lower one, the
// request VCs included.
TEST(RequestReplyVcs, FlexVcRepliesMayTakeRequestVcsAndRequestsNeverReplyVcs) {
  const DragonflyFlexVc f(h2(), 4, 2, 2, 1);
  EXPECT_TRUE(f.request_reply());
  EXPECT_STREQ(f.reference(), "l0-g1-l2 | l3-g4-l5");
  EXPECT_EQ(f.reply_first(kL), 2u);
  EXPECT_EQ(f.reply_first(kG), 1u);
  const uint8_t req = Packet::kRequest, rep = Packet::kReply;
  // First local hop of l-g-l.
  EXPECT_EQ(f.safe(kL, path({kG, kL}), req), 0b1);
  EXPECT_EQ(f.safe(kL, path({kG, kL}), rep), 0b111);
  // The global hop.
  EXPECT_EQ(f.safe(kG, path({kL}), req), 0b1);
  EXPECT_EQ(f.safe(kG, path({kL}), rep), 0b11);
  // The last local hop.
  EXPECT_EQ(f.safe(kL, path({}), req), 0b11);
  EXPECT_EQ(f.safe(kL, path({}), rep), 0b1111);
  // VAL l-g-l-l-g-l does not fit a 2/1 part: not safe for either class. Its first hop is
  // opportunistic for a reply (the minimal escape l-g-l embeds in the reply part after l0 or l2:
  // VCs 0-1), never for a request (the request part holds no l-g-l after a local position).
  EXPECT_EQ(f.safe(kL, path({kG, kL, kL, kG, kL}), req), 0);
  EXPECT_EQ(f.safe(kL, path({kG, kL, kL, kG, kL}), rep), 0);
  EXPECT_EQ(f.opportunistic(kL, path({kL, kG, kL}), req), 0);
  EXPECT_EQ(f.opportunistic(kL, path({kL, kG, kL}), rep), 0b11);
  // Without request-reply the class is ignored: the 4/2 sequence l0-g1-l2-l3-g4-l5.
  const DragonflyFlexVc plain(h2(), 4, 2);
  EXPECT_FALSE(plain.request_reply());
  EXPECT_EQ(plain.safe(kL, path({kG, kL}), rep), plain.safe(kL, path({kG, kL}), req));
}

// Table 5.4: MIN needs 2/1 + 2/1 = 4/2; VAL and UGAL/PB at least 3/2 + 2/1 = 5/3 (opportunistic
// requests); 4/2 is "X / opp." for VAL (replies only), so it is refused.
TEST(RequestReplyVcs, Table54ConfigurationsAreCheckedForBothClasses) {
  using flexvc::PathKind;
  EXPECT_NO_THROW(check_flexvc_paths("min", PathKind::Minimal, 4, 2, 2, 1));
  EXPECT_NO_THROW(check_flexvc_paths("min", PathKind::Minimal, 6, 4, 2, 1));
  EXPECT_NO_THROW(check_flexvc_paths("val", PathKind::Valiant, 5, 3, 2, 1));
  EXPECT_NO_THROW(check_flexvc_paths("val", PathKind::Valiant, 8, 4, 2, 1));
  const std::string e = error_of([] { check_flexvc_paths("val", PathKind::Valiant, 4, 2, 2, 1); });
  EXPECT_EQ(e,
            "router.vc_management=flexvc with traffic.source=request_reply: routing.algorithm=val "
            "needs request VCs of at least 3 local and 2 global VCs before the 2 local and 1 "
            "global reply VCs for its request and reply paths to be safe or opportunistic (thesis "
            "000 Table 5.4, seed 002 Table IV); router.vcs_local=4, router.vcs_global=2, reply "
            "part 2/1 (router.reply_vcs_local, router.reply_vcs_global)");
  EXPECT_NE(error_of([] { check_flexvc_paths("min", PathKind::Minimal, 3, 2, 2, 1); }), "");
  EXPECT_NE(error_of([] { check_flexvc_paths("min", PathKind::Minimal, 4, 1, 2, 1); }), "");
}

// The baseline: MIN built for 2/1 routes a reply on VC + 2 (local) and VC + 1 (global), sees the
// reply's input VC within its half, and leaves requests and ejection as they are.
TEST(RequestReplyVcs, BaselineMovesRepliesToTheSecondHalf) {
  const Dragonfly& t = h2();
  test::FakePorts ports(t, 4, 2);
  Rng rng(1, 2, 3);
  const uint32_t first[kMaxPortClasses] = {0, 2, 1};
  const RequestReplyVcs rr(std::make_unique<MinRouting>(t), first);
  const MinRouting plain(t);
  Packet p;
  p.src = 0;
  p.dst = 8 * t.p() + 1;  // router 8, group 2
  for (uint32_t router : {0u, 1u, 2u, 3u}) {
    p.cls = Packet::kRequest;
    const RouteResult a = plain.route(ports.at(router, 0), p, rng);
    EXPECT_EQ(rr.route(ports.at(router, 0), p, rng).vcs, a.vcs) << router;
    p.cls = Packet::kReply;
    const RouteResult b = rr.route(ports.at(router, 0), p, rng);
    const uint32_t shift = t.port_class(a.port) == df::kLocal ? 2 : 1;
    EXPECT_EQ(b.port, a.port) << router;
    EXPECT_EQ(b.vcs, a.vcs << shift) << router;
  }
  // At the destination router: ejection, not shifted.
  p.cls = Packet::kReply;
  const RouteResult e = rr.route(ports.at(8, 2, 2), p, rng);
  EXPECT_EQ(e.port, 1u);
  EXPECT_EQ(e.vcs, 1u);
  // The VC order: MIN's l0-g0-l1 then its copy on the reply VCs, with the per-class rule.
  const VcOrder o = rr.vc_order();
  EXPECT_STREQ(o.reference, "l0-g0-l1 | l2-g1-l3");
  EXPECT_TRUE(o.request_reply);
  EXPECT_FALSE(o.replies_use_request_vcs);
  EXPECT_EQ(o.rank_of(df::kLocal, 2), 3);
  EXPECT_EQ(o.rank_of(df::kGlobal, 1), 4);
  EXPECT_EQ(o.rank_of(df::kLocal, 3), 5);
}

namespace {

// One grant checked: a hop from (in_kind, in_vc) on port 2 of router 0 to (out_port, out_vc).
void check(const VcOrder& o, PortClass in_kind, uint32_t in_vc, uint32_t out_port, uint32_t out_vc,
           uint16_t vcs, uint8_t cls) {
  const Dragonfly& t = h2();
  RouteResult r;
  r.port = static_cast<uint8_t>(out_port);
  r.vcs = vcs;
  Packet pkt;
  pkt.dst = 8 * t.p();
  pkt.cls = cls;
  check_vc_order(o, "test", 0, t.first_local_port(), in_kind, in_vc, out_port,
                 t.port_class(out_port), out_vc, r, pkt, 0);
}

}  // namespace

// The checker's per-class rule fires on a deliberate violation: a request on a reply VC (both
// managements), a reply on a request VC under the baseline; under FlexVC a reply on a request VC
// passes (Theorem 2).
TEST(RequestReplyVcs, CheckerRefusesARequestOnAReplyVcAndABaselineReplyOnARequestVc) {
  const Dragonfly& t = h2();
  const uint32_t global = t.first_global_port(), local = t.local_port(0, 1);
  const uint32_t first[kMaxPortClasses] = {0, 2, 1};
  // The order's reference text lives in the routing: keep it alive while the order is used.
  const RequestReplyVcs routing(std::make_unique<MinRouting>(t), first);
  const VcOrder base = routing.vc_order();
  // The baseline: l0 -> g0 for a request, l2 -> g1 for a reply are in order.
  EXPECT_NO_THROW(check(base, df::kLocal, 0, global, 0, 0b1, Packet::kRequest));
  EXPECT_NO_THROW(check(base, df::kLocal, 2, global, 1, 0b10, Packet::kReply));
  // A request on g1 (a reply VC), even though g1 is later in the reference path.
  try {
    check(base, df::kLocal, 0, global, 1, 0b10, Packet::kRequest);
    ADD_FAILURE() << "a request on a reply VC passed";
  } catch (const SimulationFailure& e) {
    EXPECT_NE(std::string(e.what()).find("a request on a reply VC"), std::string::npos);
  }
  // A reply on l1 (a request VC) after l0.
  try {
    check(base, df::kLocal, 0, local, 1, 0b10, Packet::kReply);
    ADD_FAILURE() << "a reply on a request VC passed under the baseline";
  } catch (const SimulationFailure& e) {
    EXPECT_NE(std::string(e.what()).find("a reply on a request VC"), std::string::npos);
  }
  // FlexVC 4/2 = 2/1 + 2/1: a reply from l3 (local VC 2) to g0 (a request VC, allowed 0b11) is a
  // safe hop (g4 lies after l3); a request from l0 to g1 (a reply VC) is refused.
  MinRouting min(t);
  min.use_flexvc(4, 2, 2, 1);
  const VcOrder flex = min.vc_order();
  EXPECT_TRUE(flex.request_reply);
  EXPECT_TRUE(flex.replies_use_request_vcs);
  EXPECT_NO_THROW(check(flex, df::kLocal, 2, global, 0, 0b11, Packet::kReply));
  EXPECT_THROW(check(flex, df::kLocal, 0, global, 1, 0b11, Packet::kRequest), SimulationFailure);
}

// Configurations the baseline cannot split exit with a message naming the key.
TEST(RequestReplyVcs, BaselineNeedsEvenAndDoubledVcCounts) {
  Config c;
  c.set_override("traffic.source=request_reply");
  c.set_override("router.vcs_local=3");
  c.set_override("router.vcs_global=2");
  EXPECT_EQ(error_of([&] { validate_config(c); }),
            "router.vcs_local=3: traffic.source=request_reply under router.vc_management=baseline "
            "splits each port's VCs into equal request and reply halves, so the count must be "
            "even (thesis 000 Sec. 5.2.2), or router.reply_vcs_local must say how many are the "
            "reply VCs");
  c.set_override("routing.algorithm=val");
  c.set_override("router.vcs_local=4");
  EXPECT_NE(error_of([&] { validate_config(c); }).find("needs at least 8 local and 4 global VCs"),
            std::string::npos);
  c.set_override("router.vcs_local=8");
  c.set_override("router.vcs_global=4");
  EXPECT_EQ(error_of([&] { validate_config(c); }), "");
  c.set_override("traffic.source_queue=0");
  EXPECT_EQ(error_of([&] { validate_config(c); }),
            "traffic.source=request_reply: needs a source queue, where the NIC queues its replies "
            "(traffic.source_queue >= 1; traffic.source_queue=0)");
  Config d;
  d.set_override("traffic.reply_size=2");
  EXPECT_EQ(error_of([&] { validate_config(d); }),
            "traffic.reply_size=2: applies to traffic.source=request_reply only "
            "(traffic.source=bernoulli)");
}

// The refusals name the key the user set: traffic.request_reply=true and
// traffic.source=request_reply say the same thing (docs/model.md §4.7).
TEST(RequestReplyVcs, RefusalsNameTheKeyTheUserSet) {
  for (const char* set : {"traffic.request_reply=true", "traffic.source=request_reply"}) {
    Config c;
    c.set_override(set);
    c.set_override("router.architecture=ib");
    EXPECT_EQ(error_of([&] { validate_config(c); }),
              std::string(set) + ": needs router.architecture=cioq (router.architecture=ib)");
    Config d;
    d.set_override(set);
    d.set_override("traffic.source_queue=0");
    EXPECT_EQ(error_of([&] { validate_config(d); }),
              std::string(set) +
                  ": needs a source queue, where the NIC queues its replies "
                  "(traffic.source_queue >= 1; traffic.source_queue=0)");
  }
}

// A bounded reply queue (traffic.reply_queue) and the shared VCs (router.request_reply_vcs=shared;
// docs/model.md §4.7): refused, naming the keys, where they cannot apply.
TEST(RequestReplyVcs, ReplyQueueAndSharedVcsRefusedWhereTheyCannotApply) {
  const auto error = [](std::initializer_list<std::string> sets) {
    return error_of([&] {
      Config c;
      for (const std::string& s : sets) c.set_override(s);
      validate_config(c);
    });
  };
  EXPECT_EQ(error({"traffic.reply_queue=2"}),
            "traffic.reply_queue=2: applies to traffic.source=request_reply only "
            "(traffic.source=bernoulli)");
  EXPECT_EQ(error({"router.request_reply_vcs=shared"}),
            "router.request_reply_vcs=shared: applies to traffic.source=request_reply only "
            "(traffic.source=bernoulli)");
  EXPECT_EQ(error({"traffic.source=request_reply", "traffic.reply_size=3", "traffic.reply_queue=2",
                   "router.vcs_local=4", "router.vcs_global=2"}),
            "traffic.reply_queue=2 is smaller than traffic.reply_size=3: a reply would never fit "
            "and no request could be consumed; allowed: 0 (unbounded) or at least "
            "traffic.reply_size");
  EXPECT_EQ(error({"traffic.source=request_reply", "traffic.reply_queue=1",
                   "router.vcs_injection=1", "router.vcs_local=4", "router.vcs_global=2"}),
            "traffic.reply_queue=1: the injection port's VCs are split into request and reply "
            "sets, which needs router.vcs_injection >= 2 (router.vcs_injection=1)");
  EXPECT_EQ(error({"traffic.source=request_reply", "traffic.reply_queue=1",
                   "traffic.injection_vc=dest", "router.vcs_local=4", "router.vcs_global=2"}),
            "traffic.reply_queue=1: the NIC picks its class's injection VC by JSQ; "
            "traffic.injection_vc=dest is not supported with it (allowed: jsq)");
  EXPECT_EQ(error({"traffic.source=request_reply", "router.request_reply_vcs=shared",
                   "router.vc_management=flexvc", "router.vcs_local=4", "router.vcs_global=2"}),
            "router.request_reply_vcs=shared: applies to router.vc_management=baseline only "
            "(router.vc_management=flexvc; FlexVC's concatenated sequence is Theorem 2's own "
            "arrangement)");
  EXPECT_EQ(error({"traffic.source=request_reply", "router.request_reply_vcs=shared",
                   "router.reply_vcs_local=1", "router.vcs_local=4", "router.vcs_global=2"}),
            "router.reply_vcs_local=1: router.request_reply_vcs=shared has no reply VC set");
  for (const char* bad : {"-1", "1.5"})
    EXPECT_NE(error({"traffic.source=request_reply", std::string("traffic.reply_queue=") + bad})
                  .find(std::string("traffic.reply_queue=") + bad +
                        " (--set): must be an integer in [0, 1048576]"),
              std::string::npos)
        << bad;
  // Accepted: the queue equal to the reply, and the shared VCs at MIN's 2/1 (no halves needed).
  EXPECT_EQ(error({"traffic.source=request_reply", "traffic.reply_size=3", "traffic.reply_queue=3",
                   "router.vcs_local=4", "router.vcs_global=2"}),
            "");
  EXPECT_EQ(error({"traffic.source=request_reply", "router.request_reply_vcs=shared",
                   "traffic.reply_queue=1"}),
            "");
}

// The reply VCs' counts (router.reply_vcs_local, router.reply_vcs_global; docs/model.md §4.7):
// the legend's splits of thesis 000 Fig. 5.9 / seed 002 Fig. 7 that put VCs in the reply part,
// and Table 5.4's 2x(4/2).

namespace {

Config request_reply(std::initializer_list<std::string> sets) {
  Config c;  // the embedded h2 Dragonfly
  c.set_override("traffic.source=request_reply");
  for (const std::string& s : sets) c.set_override(s);
  return c;
}

}  // namespace

// FlexVC 6/4 = 2/1+4/3 (Fig. 5.9's "FlexVC 6/4VCs(2/1+4/3)"): the request part l0-g1-l2, the reply
// part 4/3's g-l-g-l-l-g-l (4/2's l-g-l-l-g-l with the extra global VC at its start, Sec. 5.2.3).
// Per hop of the minimal path l-g-l: a request the VCs of its latest position in the request
// part, and every lower one; a reply those of its latest position in the reply part, and every
// lower one, request VCs included (Theorem 2).
// traffic.request_reply (the contract's key, docs/model.md §4.7) is traffic.source=request_reply:
// alone it sets the source (in either --set order with the source's own key), false is the
// default source, and a pair that disagrees is refused naming both keys.
TEST(RequestReplyVcs, RequestReplyKeyIsTheRequestReplySource) {
  const auto config = [](std::initializer_list<std::string> sets) {
    Config c;
    for (const std::string& s : sets) c.set_override(s);
    return c;
  };
  const auto error = [&](std::initializer_list<std::string> sets) {
    return error_of([&] { validate_config(config(sets)); });
  };
  EXPECT_EQ(Config().get_str("traffic.request_reply"), "false");
  EXPECT_EQ(config({"traffic.request_reply=true"}).get_str("traffic.source"), "request_reply");
  EXPECT_EQ(config({"traffic.source=request_reply"}).get_str("traffic.request_reply"), "true");
  EXPECT_EQ(config({"traffic.request_reply=true", "traffic.request_reply=false"})
                .get_str("traffic.source"),
            "bernoulli");
  EXPECT_EQ(config({"traffic.request_reply=false"}).get_str("traffic.source"), "bernoulli");
  for (auto sets : {std::initializer_list<std::string>{"traffic.request_reply=true",
                                                       "traffic.source=request_reply"},
                    std::initializer_list<std::string>{"traffic.source=request_reply",
                                                       "traffic.request_reply=true"},
                    std::initializer_list<std::string>{"traffic.request_reply=true"}}) {
    Config c = config(sets);
    c.set_override("router.vcs_local=4");
    c.set_override("router.vcs_global=2");
    EXPECT_EQ(error_of([&] { validate_config(c); }), "");
    EXPECT_EQ(c.get_str("traffic.source"), "request_reply");
  }
  EXPECT_EQ(error({"traffic.request_reply=false", "traffic.source=bernoulli"}), "");
  EXPECT_EQ(error({"traffic.request_reply=true", "traffic.source=bernoulli"}),
            "traffic.request_reply=true contradicts traffic.source=bernoulli: request-reply "
            "traffic is traffic.request_reply=true with traffic.source=request_reply (or either "
            "key alone); allowed with traffic.source=bernoulli: traffic.request_reply=false");
  EXPECT_EQ(error({"traffic.source=request_reply", "traffic.request_reply=false"}),
            "traffic.request_reply=false contradicts traffic.source=request_reply: request-reply "
            "traffic is traffic.request_reply=true with traffic.source=request_reply (or either "
            "key alone); allowed with traffic.source=request_reply: traffic.request_reply=true");
}

TEST(RequestReplyVcs, FlexVcReplyPartFromTheKeys) {
  const uint8_t req = Packet::kRequest, rep = Packet::kReply;
  {
    const DragonflyFlexVc f(h2(), 6, 4, 4, 3);
    EXPECT_STREQ(f.reference(), "l0-g1-l2 | g3-l4-g5-l6-l7-g8-l9");
    EXPECT_EQ(f.reply_first(kL), 2u);
    EXPECT_EQ(f.reply_first(kG), 1u);
    EXPECT_EQ(f.safe(kL, path({kG, kL}), req), 0b1);      // l0
    EXPECT_EQ(f.safe(kG, path({kL}), req), 0b1);          // g1
    EXPECT_EQ(f.safe(kL, path({}), req), 0b11);           // l2
    EXPECT_EQ(f.safe(kL, path({kG, kL}), rep), 0b11111);  // l7 (local VC 4), g8-l9 after it
    EXPECT_EQ(f.safe(kG, path({kL}), rep), 0b1111);       // g8 (global VC 3)
    EXPECT_EQ(f.safe(kL, path({}), rep), 0b111111);       // l9 (local VC 5)
  }
  {
    // 6/4 = 3/2+3/2: l0-g1-l2-g3-l4 | l5-g6-l7-g8-l9.
    const DragonflyFlexVc f(h2(), 6, 4, 3, 2);
    EXPECT_STREQ(f.reference(), "l0-g1-l2-g3-l4 | l5-g6-l7-g8-l9");
    EXPECT_EQ(f.reply_first(kL), 3u);
    EXPECT_EQ(f.reply_first(kG), 2u);
    EXPECT_EQ(f.safe(kL, path({kG, kL}), req), 0b11);     // l2 (local VC 1), g3-l4 after it
    EXPECT_EQ(f.safe(kG, path({kL}), req), 0b11);         // g3
    EXPECT_EQ(f.safe(kL, path({}), req), 0b111);          // l4
    EXPECT_EQ(f.safe(kL, path({kG, kL}), rep), 0b11111);  // l7 (local VC 4)
    EXPECT_EQ(f.safe(kG, path({kL}), rep), 0b1111);       // g8 (global VC 3)
    EXPECT_EQ(f.safe(kL, path({}), rep), 0b111111);       // l9
  }
  // The keys reach the routing: 6/4 with router.reply_vcs_local=4, router.reply_vcs_global=3.
  const Config c =
      request_reply({"router.vc_management=flexvc", "router.vcs_local=6", "router.vcs_global=4",
                     "router.reply_vcs_local=4", "router.reply_vcs_global=3"});
  validate_config(c);
  const auto r = make_routing(c, h2());
  const VcOrder o = r->vc_order();
  EXPECT_STREQ(o.reference, "l0-g1-l2 | g3-l4-g5-l6-l7-g8-l9");
  EXPECT_TRUE(o.replies_use_request_vcs);
  EXPECT_EQ(o.reply_first[df::kLocal], 2);
  EXPECT_EQ(o.reply_first[df::kGlobal], 1);
  // Without the keys FlexVC's reply part stays 2/1 (5/3 = 3/2+2/1).
  const auto d = make_routing(
      request_reply({"router.vc_management=flexvc", "router.vcs_local=5", "router.vcs_global=3"}),
      h2());
  EXPECT_STREQ(d->vc_order().reference, "l0-g1-l2-g3-l4 | l5-g6-l7");
}

// Table 5.4's 2x(4/2) = 8/4: VAL's l-g-l-l-g-l is safe in each part, for requests and replies.
// Request part l0-g1-l2-l3-g4-l5, reply part l6-g7-l8-l9-g10-l11; per hop the latest position
// from which the rest of the Valiant path embeds.
TEST(RequestReplyVcs, FlexVcTwoTimesFourTwoIsSafeValiantForBothClasses) {
  const DragonflyFlexVc f(h2(), 8, 4, 4, 2);
  EXPECT_STREQ(f.reference(), "l0-g1-l2-l3-g4-l5 | l6-g7-l8-l9-g10-l11");
  const std::vector<flexvc::LinkType> val = {kL, kG, kL, kL, kG, kL};
  const uint16_t request[] = {0b1, 0b1, 0b11, 0b111, 0b11, 0b1111};
  const uint16_t reply[] = {0b11111, 0b111, 0b111111, 0b1111111, 0b1111, 0b11111111};
  for (size_t i = 0; i < val.size(); ++i) {
    TypePath rest;
    for (size_t k = i + 1; k < val.size(); ++k) rest.push_back(val[k]);
    EXPECT_EQ(f.safe(val[i], rest, Packet::kRequest), request[i]) << i;
    EXPECT_EQ(f.safe(val[i], rest, Packet::kReply), reply[i]) << i;
  }
  const flexvc::PathShape p = flexvc::dragonfly_path(flexvc::PathKind::Valiant);
  EXPECT_EQ(f.sequence().classify(p.path, p.escapes, false), flexvc::Hop::Safe);
  EXPECT_EQ(f.sequence().classify(p.path, p.escapes, true), flexvc::Hop::Safe);
  // The default split of 8/4 (6/3+2/1) leaves a reply's Valiant path opportunistic.
  const DragonflyFlexVc g(h2(), 8, 4, 2, 1);
  EXPECT_EQ(g.sequence().classify(p.path, p.escapes, true), flexvc::Hop::Opportunistic);
  EXPECT_NO_THROW(check_flexvc_paths("val", flexvc::PathKind::Valiant, 8, 4, 4, 2));
}

// The baseline's sets from the keys: 6/3 with a 2/1 reply set gives requests VCs 0-3 local and
// 0-1 global (MIN uses l0-g0-l1 of them) and replies local 4-5 and global 2: a reply's MIN hop
// is moved by 4 local and 2 global VCs. PiggyBack per VC reads the replies' bits from the reply
// set's first global VC.
TEST(RequestReplyVcs, BaselineReplySetFromTheKeys) {
  const Dragonfly& t = h2();
  const Config c = request_reply({"router.vcs_local=6", "router.vcs_global=3",
                                  "router.reply_vcs_local=2", "router.reply_vcs_global=1"});
  validate_config(c);
  const auto r = make_routing(c, t);
  const VcOrder o = r->vc_order();
  EXPECT_STREQ(o.reference, "l0-g0-l1 | l4-g2-l5");
  EXPECT_EQ(o.reply_first[df::kLocal], 4);
  EXPECT_EQ(o.reply_first[df::kGlobal], 2);
  test::FakePorts ports(t, 6, 3);
  Rng rng(1, 2, 3);
  const MinRouting plain(t);
  Packet p;
  p.src = 0;
  p.dst = 8 * t.p() + 1;  // router 8, group 2
  for (uint32_t router : {0u, 1u, 2u, 3u}) {
    p.cls = Packet::kRequest;
    const RouteResult a = plain.route(ports.at(router, 0), p, rng);
    EXPECT_EQ(r->route(ports.at(router, 0), p, rng).vcs, a.vcs) << router;
    p.cls = Packet::kReply;
    const RouteResult b = r->route(ports.at(router, 0), p, rng);
    EXPECT_EQ(b.port, a.port) << router;
    EXPECT_EQ(b.vcs, a.vcs << (t.port_class(a.port) == df::kLocal ? 4 : 2)) << router;
  }
  // PB 4/2 per set: 10/5 with a 4/2 reply set: requests 6/3, the replies' bits from global VC 3.
  const auto pb = make_routing(
      request_reply({"routing.algorithm=pb", "router.vcs_local=10", "router.vcs_global=5",
                     "router.reply_vcs_local=4", "router.reply_vcs_global=2"}),
      t);
  EXPECT_EQ(pb->sensor_needs().sat_reply_vc, 3u);
  EXPECT_STREQ(pb->vc_order().reference, "l0-g0-l1-l2-g1-l3 | l6-g3-l7-l8-g4-l9");
}

namespace {

// The hops of a packet of class `cls` from router 0 (its node 0) to node `dst`, routed by `r` on an
// idle network: each hop's port class and allowed VCs, the packet taking the highest allowed VC
// (the next router sees it as the input VC), up to the ejection port. MIN's only hop effect, the
// mark of a global hop, is applied as the router applies it.
std::vector<std::pair<PortClass, uint16_t>> walk(const RoutingAlgorithm& r, uint32_t vcs_local,
                                                 uint32_t vcs_global, uint32_t dst, uint8_t cls) {
  const Dragonfly& t = h2();
  test::FakePorts ports(t, vcs_local, vcs_global);
  Rng rng(1, 2, 3);
  Packet p;
  p.src = 0;
  p.dst = dst;
  p.cls = cls;
  std::vector<std::pair<PortClass, uint16_t>> hops;
  uint32_t router = 0, in_port = 0, in_vc = 0;
  while (hops.size() < 8) {
    const RouteResult res = r.route(ports.at(router, in_port, in_vc), p, rng);
    const PortClass c = t.port_class(res.port);
    if (c == kInjectionClass) break;  // ejection
    hops.emplace_back(c, res.vcs);
    in_vc = 31u - static_cast<uint32_t>(__builtin_clz(res.vcs));
    // The router's effect of a global hop (router_allocate.h): MIN's distance-based VC after it.
    if (c == df::kGlobal) p.route.flags |= Packet::kGlobalDoneInPhase;
    const auto next = t.peer(router, res.port);
    router = next.router;
    in_port = next.port;
  }
  return hops;
}

// A node of a router whose minimal path from router 0 is l-g-l.
uint32_t lgl_destination() {
  const Dragonfly& t = h2();
  for (uint32_t b = 0; b < t.routers(); ++b) {
    std::vector<PortClass> types;
    for (uint32_t r = 0; r != b && types.size() < 4;) {
      const uint32_t port = t.min_output(r, b);
      types.push_back(t.port_class(port));
      r = t.peer(r, port).router;
    }
    if (types == std::vector<PortClass>{df::kLocal, df::kGlobal, df::kLocal}) return b * t.p();
  }
  return 0;
}

}  // namespace

// Per hop of a minimal l-g-l path, as the routings route it (an idle network, the highest allowed
// VC taken): FlexVC 6/4 = 2/1+4/3 gives a request l0 (VC 0), g1 (VC 0), l2 (VCs 0-1) and a reply
// every VC up to its reply-part position, request VCs included: local 0-4, global 0-3, local 0-5;
// the baseline's 6/3 with a 2/1 reply set gives a request l0, g0, l1 and a reply l4, g2, l5.
TEST(RequestReplyVcs, PerHopVcsOfARequestAndAReplyUnderBothManagements) {
  const uint32_t dst = lgl_destination();
  ASSERT_NE(dst, 0u);
  using Hops = std::vector<std::pair<PortClass, uint16_t>>;
  const PortClass L = df::kLocal, G = df::kGlobal;
  const auto flex = make_routing(
      request_reply({"router.vc_management=flexvc", "router.vcs_local=6", "router.vcs_global=4",
                     "router.reply_vcs_local=4", "router.reply_vcs_global=3"}),
      h2());
  EXPECT_EQ(walk(*flex, 6, 4, dst, Packet::kRequest), (Hops{{L, 0b1}, {G, 0b1}, {L, 0b11}}));
  EXPECT_EQ(walk(*flex, 6, 4, dst, Packet::kReply),
            (Hops{{L, 0b11111}, {G, 0b1111}, {L, 0b111111}}));
  const auto base =
      make_routing(request_reply({"router.vcs_local=6", "router.vcs_global=3",
                                  "router.reply_vcs_local=2", "router.reply_vcs_global=1"}),
                   h2());
  EXPECT_EQ(walk(*base, 6, 3, dst, Packet::kRequest), (Hops{{L, 0b1}, {G, 0b1}, {L, 0b10}}));
  EXPECT_EQ(walk(*base, 6, 3, dst, Packet::kReply),
            (Hops{{L, 0b10000}, {G, 0b100}, {L, 0b100000}}));
}

// Bad input: the keys outside request-reply or the Dragonfly, a reply set that leaves requests
// nothing, baseline sets below the routing's reference path, a FlexVC reply part without the safe
// minimal path Theorem 2 needs, and a FlexVC request part Table 5.4 rules out.
TEST(RequestReplyVcs, ReplyVcKeysRefuseWhatTheSourcesRuleOut) {
  Config plain;
  plain.set_override("router.reply_vcs_local=2");
  EXPECT_EQ(error_of([&] { validate_config(plain); }),
            "router.reply_vcs_local=2: applies to traffic.source=request_reply only "
            "(traffic.source=bernoulli)");
  Config tree = request_reply({"topology.type=fattree", "router.reply_vcs_local=2"});
  EXPECT_EQ(error_of([&] { validate_config(tree); }),
            "router.reply_vcs_local=2: topology.type=fattree has no port class 'local' (its port "
            "classes: injection, tree)");
  EXPECT_EQ(error_of([] {
              validate_config(request_reply(
                  {"router.vcs_local=4", "router.vcs_global=2", "router.reply_vcs_global=2"}));
            }),
            "router.reply_vcs_global=2: the reply VCs are the last of router.vcs_global=2 and the "
            "requests need the others; allowed: 0 (the VC management's own split) or 1 to 1");
  // Baseline VAL: each set needs 4/2.
  EXPECT_EQ(
      error_of([] {
        validate_config(request_reply({"routing.algorithm=val", "router.vcs_local=8",
                                       "router.vcs_global=4", "router.reply_vcs_local=2"}));
      }),
      "router.reply_vcs_local=2 with router.vcs_local=8: traffic.source=request_reply under "
      "router.vc_management=baseline gives requests the first router.vcs_local - "
      "router.reply_vcs_local VCs and replies the last router.reply_vcs_local, and each set needs "
      "the 4 local VCs of routing.algorithm=val's reference path (thesis 000 Sec. 5.2.2); "
      "allowed: router.reply_vcs_local from 4 to router.vcs_local - 4 = 4, or 0 for equal halves");
  // Baseline MIN 5/2 with 3 reply local VCs leaves the requests 2/1: allowed, an odd count too.
  EXPECT_EQ(error_of([] {
              validate_config(request_reply(
                  {"router.vcs_local=5", "router.vcs_global=2", "router.reply_vcs_local=3"}));
            }),
            "");
  EXPECT_NE(error_of([] {
              validate_config(request_reply(
                  {"router.vcs_local=5", "router.vcs_global=2", "router.reply_vcs_local=4"}));
            }).find("allowed: router.reply_vcs_local from 2 to router.vcs_local - 2 = 3"),
            std::string::npos);
  // FlexVC: a reply part of one local VC holds no l-g-l.
  const Config one = request_reply({"router.vc_management=flexvc", "router.vcs_local=4",
                                    "router.vcs_global=2", "router.reply_vcs_local=1"});
  validate_config(one);
  EXPECT_EQ(error_of([&] { make_routing(one, h2()); }),
            "router.vc_management=flexvc with traffic.source=request_reply: the reply part must "
            "hold the safe minimal path l-g-l, the escape of every reply (Theorem 2, thesis 000 "
            "Sec. 5.2.2-5.2.3, Table 5.4); allowed: router.reply_vcs_local >= 2 and "
            "router.reply_vcs_global >= 1; router.vcs_local=4, router.vcs_global=2, reply part "
            "1/1 (router.reply_vcs_local, router.reply_vcs_global)");
  // FlexVC VAL with 5/3 = 2/1+3/2: the requests' 2/1 has no escape for VAL ("X" of Table 5.4's
  // 4/2 for requests); the default 3/2+2/1 routes it.
  const Config val = request_reply({"router.vc_management=flexvc", "routing.algorithm=val",
                                    "router.vcs_local=5", "router.vcs_global=3",
                                    "router.reply_vcs_local=3", "router.reply_vcs_global=2"});
  validate_config(val);
  EXPECT_EQ(error_of([&] { make_routing(val, h2()); }),
            "router.vc_management=flexvc with traffic.source=request_reply: routing.algorithm=val "
            "needs request VCs of at least 3 local and 2 global VCs before the 3 local and 2 "
            "global reply VCs for its request and reply paths to be safe or opportunistic (thesis "
            "000 Table 5.4, seed 002 Table IV); router.vcs_local=5, router.vcs_global=3, reply "
            "part 3/2 (router.reply_vcs_local, router.reply_vcs_global)");
  EXPECT_EQ(error_of([] {
              make_routing(request_reply({"router.vc_management=flexvc", "routing.algorithm=val",
                                          "router.vcs_local=5", "router.vcs_global=3"}),
                           h2());
            }),
            "");
}
