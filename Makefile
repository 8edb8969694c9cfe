# netcosim: two commands set everything up on a fresh Debian machine.
#   make run    installs what is missing, builds, and runs the embedded default network
#   make test   installs what is missing, builds, and runs every test (plus an ASan/UBSan build)
BUILD ?= build
ASAN_BUILD ?= build-asan
JOBS ?= $(shell nproc)
# Debian packages the build and the tests need (docs/principles.md §10).
PACKAGES := cmake make g++ pkg-config libgtest-dev libgmock-dev libbenchmark-dev \
            verilator libsystemc-dev yosys gnuplot-nox \
            libboost-dev libboost-program-options-dev libboost-math-dev nlohmann-json3-dev \
            python3 python3-jsonschema

.PHONY: all deps build run test validate test-asan asan-build format lint clean

all: build

deps:
	@missing=""; \
	for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "netcosim: installing missing packages:$$missing"; \
	  SUDO=""; [ "$$(id -u)" -ne 0 ] && SUDO=sudo; \
	  $$SUDO apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing; \
	fi

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The first run builds only the simulator (not the RTL benches, mutants and test binaries).
run: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target netcosim
	./$(BUILD)/netcosim run

test: build asan-build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE validate
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS)

# The checks too long for `make test` (CTest label `validate`: the syntheses of the largest RTL
# parameter sets, testbench/CMakeLists.txt; the integration cases of tests/validate_labels.cmake).
# The figure reproductions are the commands of docs/validation.md.
validate: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L validate

# Unit tests and in-process network tests under AddressSanitizer and UndefinedBehaviorSanitizer,
# with assert() on (NETCOSIM_SANITIZE drops -DNDEBUG, CMakeLists.txt) and the VC-order checker.
# -O1 with line tables (-g1): what a sanitizer report needs (file and line of every frame), at
# about 60% of the compile time of RelWithDebInfo's -O2 -g.
asan-build: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNETCOSIM_SANITIZE=ON \
	      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" \
	      -DNETCOSIM_UNIT_TESTS_ONLY=ON
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target unit_tests network_tests

test-asan: asan-build
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS)

format:
	clang-format -i $$(git ls-files '*.h' '*.cpp')

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
