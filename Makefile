# PushSim: `make run` (install what is missing, build, run the study, print the summary and draw its plots)
# and `make test`. Every target installs libgsl-dev, librandom123-dev and zlib1g-dev first when missing
# (apt output in .build/apt.log); `make install [PREFIX=...]` copies pushsim into PREFIX/bin.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SCENARIO ?= Scenarios/push-hint-study.json
OUT ?= Results/push-hint-study
BIN := .build/release/pushsim
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PREFIX ?= /usr/local
APT_LOG := .build/apt.log

# $(call apt_install,PACKAGES): prints one line and installs (apt-get update first) with apt's
# output in $(APT_LOG); when it fails, prints the log's last lines and stops.
apt_install = echo "installing $(1) (apt-get; log: $(APT_LOG))"; mkdir -p $(dir $(APT_LOG)); \
	{ $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $(1); } >>$(APT_LOG) 2>&1 || \
	{ echo "apt-get failed installing $(1); the end of $(APT_LOG):"; tail -n 25 $(APT_LOG); exit 1; }

SWEEPS := $(sort $(wildcard Scenarios/sweeps/*.json))
# The sweeps `make regress` checks: not the fleet sweeps, whose runs.csv holds a row per
# recipient (hundreds of thousands); their model is checked exactly by the Fleet tests.
REGRESS_SWEEPS := $(filter-out Scenarios/sweeps/fleet-%,$(SWEEPS))
# The reference runs `make regress` checks against Results/baselines/ (and `make check-determinism` reruns).
REFERENCES := Scenarios/push-hint-study.json $(sort $(wildcard Scenarios/cases/*.json)) $(sort $(wildcard Scenarios/order-status/*.json)) \
	$(sort $(wildcard Scenarios/outbox/*.json)) $(sort $(wildcard Scenarios/platform/*.json))
# A regression baseline of your own scenarios (docs/testing.md, "A regression baseline of your own
# scenarios"): REFERENCES_DIR=DIR makes `make baseline`, `make regress` and `make check-determinism` take
# every DIR/*.json instead (a file with "axes" runs as a sweep), BASELINES=DIR keeps the baselines
# there instead of Results/baselines, and FINGERPRINTS=0 leaves the fingerprint check out of
# `make regress` (the statistical compare only: for a new pushsim whose events may differ).
REFERENCES_DIR ?=
BASELINES ?= Results/baselines
FINGERPRINTS ?= 1
ifneq ($(strip $(REFERENCES_DIR)),)
REFERENCES := $(sort $(wildcard $(REFERENCES_DIR)/*.json))
REGRESS_SWEEPS :=
endif
COMMIT := $(shell c=$$(git rev-parse HEAD 2>/dev/null) && { git diff --quiet HEAD 2>/dev/null && echo $$c || echo $$c-dirty; })
export PUSHSIM_COMMIT := $(COMMIT)

.PHONY: run test build install uninstall deps schema schema-deps chromium-deps trace-svg bench bench-deps bench-simpy validate clean sweep plots plot-deps regress baseline check-determinism crash-test mutate test-reseed fuzz fuzz-exhaustive sanitize sanitize-asan sanitize-tsan sanitize-ci

run: build plot-deps
	$(BIN) run $(SCENARIO) --out $(OUT)

build: deps
	$(SWIFT) build -c release --product pushsim
	@echo "$(COMMIT)" > $(BIN).commit

test: deps schema-deps plot-deps chromium-deps
	$(SWIFT) test

# Copies the release binary into $(PREFIX)/bin (make install PREFIX=~/.local needs no root).
install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/pushsim
	install -m 644 $(BIN).commit $(DESTDIR)$(PREFIX)/bin/pushsim.commit

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/pushsim $(DESTDIR)$(PREFIX)/bin/pushsim.commit

# Regenerates what the parameter declarations give: the JSON Schemas of scenario and sweep
# files (docs/schema/) and the parameter reference (docs/plugins.md); tests fail when stale.
schema: build
	@mkdir -p docs/schema
	$(BIN) schema > docs/schema/scenario.schema.json
	$(BIN) schema --sweep > docs/schema/sweep.schema.json
	$(BIN) list --markdown > docs/plugins.md

# SimPy peer of the push-hint study (Benchmarks/simpy/), in its own venv: created, and the
# pinned requirements installed, only when missing (or when requirements.txt changes).
SIMPY_VENV := Benchmarks/simpy/.venv
SIMPY_PY := $(SIMPY_VENV)/bin/python
SIMPY_STAMP := $(SIMPY_VENV)/.installed

$(SIMPY_STAMP): Benchmarks/simpy/requirements.txt
	@test -x $(SIMPY_PY) || python3 -m venv $(SIMPY_VENV) || { rm -rf $(SIMPY_VENV); \
		echo "python3 -m venv failed (Debian/Ubuntu: apt-get install python3-venv)"; exit 1; }
	$(SIMPY_PY) -m pip install --quiet --disable-pip-version-check -r Benchmarks/simpy/requirements.txt
	@touch $@

# Benchmarks (not part of `make test`; Benchmarks/bench.sh says what each figure is): kernel
# hold loop against a bare C heap (100, 10,000 and 1,000,000 pending), the study in process
# and as whole processes against the bare C study (Benchmarks/cstudy) and SimPy, heap
# allocations per run, lossy-1m with --jobs 1 and 2 and without per-run rows, 10,000,000
# replications (BENCH_10M=0 leaves that one out: it takes minutes), a simulated year, the
# generators, compare of 60,000- and 240,000-cell summaries; Results/bench/bench.csv.
# BENCH_STUDY_REPLICATIONS (default 20000) sets the study's replications; BENCH_SIMPY=0
# leaves SimPy out.
bench: deps bench-deps $(SIMPY_STAMP)
	$(SWIFT) build -c release --product pushsim
	$(SWIFT) build -c release --product pushsim-bench
	@mkdir -p .build/bench
	$(CC) -O2 -o .build/bench/hold Benchmarks/heap/hold.c $$(pkg-config --cflags --libs gsl)
	$(CC) -O2 -o .build/bench/study Benchmarks/cstudy/study.c Sources/CPhilox/philox_gsl.c -ISources/CPhilox/include $$(pkg-config --cflags --libs gsl)
	$(CC) -O2 -Wall -shared -fPIC -o .build/bench/count.so Benchmarks/alloc/count.c
	@SIMPY_PY=$(SIMPY_PY) SWIFT=$(SWIFT) Benchmarks/bench.sh

# The SimPy comparison alone (make bench includes it, timed as whole processes, at
# BENCH_STUDY_REPLICATIONS): both on the same replications, single-threaded, then the rate
# check (two-proportion, alpha 0.001) and the throughput ratio (Benchmarks/compare_simpy.py).
BENCH_REPLICATIONS ?= 2000
BENCH_SEED ?= 1
BENCH_OUT ?= Results/bench

bench-simpy: build $(SIMPY_STAMP)
	@mkdir -p $(BENCH_OUT)
	@t0=$$(date +%s.%N); \
	$(BIN) run $(SCENARIO) --replications $(BENCH_REPLICATIONS) --seed $(BENCH_SEED) --jobs 1 --quiet --out $(BENCH_OUT)/pushsim >/dev/null || exit 2; \
	t1=$$(date +%s.%N); \
	$(SIMPY_PY) Benchmarks/simpy/pushhint.py --scenario $(SCENARIO) --replications $(BENCH_REPLICATIONS) --seed $(BENCH_SEED) --out $(BENCH_OUT)/simpy.csv || exit 2; \
	echo; $(SIMPY_PY) Benchmarks/compare_simpy.py $(BENCH_OUT)/pushsim/summary.csv $(BENCH_OUT)/simpy.csv --pushsim-wall-s $$(awk "BEGIN { print $$t1 - $$t0 }")

# A C compiler for the C programs of make bench (.build/bench/: the heap loop, the bare C
# study, the malloc counter), python3 (bench.sh edits scenario JSON with it) and GNU time
# for wall, CPU and peak memory, only when missing.
bench-deps:
	@command -v $(CC) >/dev/null 2>&1 || { $(call apt_install,gcc); }
	@command -v python3 >/dev/null 2>&1 || { $(call apt_install,python3 python3-venv); }
	@[ -x /usr/bin/time ] || { $(call apt_install,time); }

# One run's sequence chart (pushsim trace --format svg): FILE, a scenario or sweep file (default
# the study); POINT, a sweep's point (0-based, default 0); VARIANT, STRATEGY (default the first),
# REPLICATION (default 0); OUT=PATH on the command line, else Results/trace/<FILE's name>[-pPOINT]
# [-VARIANT][-STRATEGY][-rREPLICATION].svg.
FILE ?= Scenarios/push-hint-study.json
TRACE_NAME = $(basename $(notdir $(FILE)))$(if $(POINT),-p$(POINT))$(if $(VARIANT),-$(VARIANT))$(if $(STRATEGY),-$(STRATEGY))$(if $(REPLICATION),-r$(REPLICATION))
TRACE_OUT = $(if $(filter command line,$(origin OUT)),$(OUT),Results/trace/$(TRACE_NAME).svg)

trace-svg: build
	@mkdir -p $(dir $(TRACE_OUT))
	$(BIN) trace $(FILE) $(if $(POINT),--point $(POINT)) $(if $(VARIANT),--variant $(VARIANT)) $(if $(STRATEGY),--strategy $(STRATEGY)) \
		$(if $(REPLICATION),--replication $(REPLICATION)) --format svg --out $(TRACE_OUT)
	@echo "wrote $(TRACE_OUT)"

validate: build
	@for f in $$(find Scenarios -name '*.json' -not -path '*/bases/*' | sort); do $(BIN) validate $$f || exit 2; done

# Every sweep in Scenarios/sweeps/ into Results/<name>/; pushsim draws its plots (compare and cost, SVG, PNG, PDF) with gnuplot.
sweep: build plot-deps
	@for f in $(SWEEPS); do n=$$(basename $$f .json); \
		$(BIN) sweep $$f --out Results/$$n || exit $$?; \
	done

plots: plot-deps
	@for d in Results/*/; do [ -f $$d/plot.gp ] && (cd $$d && gnuplot plot.gp) || true; done

plot-deps:
	@command -v gnuplot >/dev/null 2>&1 || { $(call apt_install,gnuplot-nox); }

# Reruns the references and sweeps, compares every summary with its baseline in $(BASELINES)
# (every rate by the two-proportion test, every mean with an interval by Welch's t, Holm over
# all of them at family-wise alpha 0.001: a test that moves fails and is named, with its effect
# size), and every run's event fingerprint with $(BASELINES)/fingerprints/ (names every run
# whose events changed; FINGERPRINTS=0 skips this). REFERENCES_DIR, BASELINES: above.
regress: build
	@$(check_references)
	@rm -rf Results/regress; status=0; for f in $(REFERENCES) $(REGRESS_SWEEPS); do n=$$(basename $$f .json); \
		$(call reference_run,$$f,$$n); \
		echo "$$n:"; $(BIN) compare $(BASELINES)/$$n.summary.csv Results/regress/$$n/summary.csv || status=1; \
		if [ "$(FINGERPRINTS)" != 0 ]; then \
			$(BIN) compare $(BASELINES)/fingerprints/$$n.csv Results/regress/$$n/runs.csv --fingerprints || status=1; fi; \
	done; exit $$status

# Stops (exit 2) when REFERENCES_DIR holds no scenario: an empty regression would pass.
check_references = [ -n "$(strip $(REFERENCES) $(REGRESS_SWEEPS))" ] || { echo "no *.json scenario in $(REFERENCES_DIR)"; exit 2; }

# One reference into Results/regress/NAME: a sweep when the file has axes, else a run.
reference_run = if grep -q '"axes"' $(1); then $(BIN) sweep $(1) --out Results/regress/$(2) --quiet >/dev/null || exit 2; \
		else $(BIN) run $(1) --out Results/regress/$(2) --quiet >/dev/null || exit 2; fi

# Runs every reference twice and with another --jobs (each in its own process) and compares
# every run's event fingerprint, naming the first divergent event on a mismatch; then with
# --shuffle-ties and compares the same runs paired: a sign test of every cell's numeric
# columns, family-wise at 0.001 per scenario (scripts/check-determinism.sh).
# SHUFFLE_TIES=none skips the tie-order check.
SHUFFLE_TIES ?= 1
check-determinism: build
	@BIN=$(BIN) SHUFFLE_TIES=$(SHUFFLE_TIES) scripts/check-determinism.sh $(REFERENCES)

# Kills runs, sweeps, shards and merges at random points (fail points between the renames
# of a commit, during plan changes, and random delays) and checks that every reader finds
# the old or the new complete set and no stale point (scripts/crash-consistency.py,
# docs/reliability.md); KILLS trials (default 200), CRASH_SEED (default 1); Results/crash-consistency/.
KILLS ?= 200
CRASH_SEED ?= 1
crash-test: build
	@python3 scripts/crash-consistency.py --kills $(KILLS) --seed $(CRASH_SEED) --bin $(BIN)

# The statistical tests (those that build a Family: FWER 0.001 per run) rerun under
# RESEEDS other seeds (default 6); fails only when more runs fail than chance explains.
RESEEDS ?= 6
test-reseed: deps schema-deps
	@RESEEDS=$(RESEEDS) python3 scripts/test-reseed.py

# Mutation testing (scripts/mutate.py, docs/testing.md): the whole suite runs once on an
# unmutated plain copy of the tree and must pass there; then each mutation of
# scripts/mutations/*.json (one behaviour broken at a time) is applied alone, built, and the
# suites its filter names run. Prints the table and writes Results/mutate/mutations.csv with
# the test that killed each; fails if a mutant survives or is killed only outside its filter.
# MUTATE_ONLY=id,id runs some of them; MUTATE_WORK=DIR keeps the copy (and its passing
# baseline, reused while the tree is unchanged) between runs.
MUTATE_ONLY ?=
MUTATE_WORK ?=
mutate: deps schema-deps plot-deps chromium-deps
	@python3 scripts/mutate.py $(if $(MUTATE_ONLY),--only $(MUTATE_ONLY)) $(if $(MUTATE_WORK),--work $(MUTATE_WORK))

# Fuzzing (scripts/fuzz.py, docs/testing.md; not part of `make test`): mutants of every
# scenario and sweep under Scenarios/ go through `pushsim validate` and a short run or sweep,
# mutants of the baselines' CSV files (and of a runs.csv) through `pushsim compare`, each
# under a time and a memory limit; crashes, hangs, wrong exit codes, exit-2 messages
# without a JSON path (or CSV row) and files written on error go to
# Results/fuzz/findings.csv (each mutant kept in Results/fuzz/findings/). Fails when it
# finds anything. FUZZ_MINUTES (default 10) or FUZZ_COUNT=N mutants; FUZZ_SEED (default
# 1); FUZZ_CLASSES=stable leaves out the classes scripts/fuzz.py lists as pending.
FUZZ_MINUTES ?= 10
FUZZ_SEED ?= 1
FUZZ_COUNT ?=
FUZZ_CLASSES ?= all
fuzz: build
	@python3 scripts/fuzz.py --seed $(FUZZ_SEED) --classes $(FUZZ_CLASSES) $(if $(FUZZ_COUNT),--count $(FUZZ_COUNT),--minutes $(FUZZ_MINUTES))

# Every mutant of the edge classes (empty lists and objects, empty strings, single
# elements, zeros) of every scenario and sweep, not a sample (scripts/fuzz.py --exhaustive).
FUZZ_EDGES ?= empty_list,empty_object,empty_string,single_element,zero_value
fuzz-exhaustive: build
	@python3 scripts/fuzz.py --exhaustive --classes $(FUZZ_EDGES) --files 'Scenarios/**/*.json'

# Sanitizers (docs/testing.md, Sanitizers; not part of `make test`). Debug builds of the
# package and its tests, each in a scratch folder of its own, run with the sanitizer's
# options; positive controls first (Tests/SanitizerControls: a heap-use-after-free, a heap
# overflow in Swift and in C, a two-thread `n += 1` data race, a leak), each of which must
# make `swift test` fail with the sanitizer's own report under the same flags and options:
# a sanitized run that could not fail would prove nothing.
# - AddressSanitizer (.build-asan/): the whole suite, ASAN_OPTIONS=detect_leaks=0 (leak
#   checks on the suites report only static tables and Foundation's own allocations) and
#   abort_on_error=1 (an error is a SIGABRT: a crash to fuzz.py, not an exit status 1).
#   The C targets are instrumented too (-Xcc -fsanitize=address: CPhilox; heapOverflowC
#   checks it); GSL, zlib, Foundation and the Swift runtime are not (their malloc and free
#   are still intercepted). Then a leak check (detect_leaks=1) of two CLI runs, the study
#   and the 10,000-recipient fleet scenario wake-0700, with the suppressions of
#   Tests/SanitizerControls/lsan-suppressions.txt (global initialisers, one Foundation
#   allocation; the leak control shows they do not hide a plain leak).
# - ThreadSanitizer (.build-tsan/): the suites that run threads or many worlds: parallel
#   (ParallelRunner, WorldReuse, Sweep, SweepPoints, Determinism), fleet, kernel, World and
#   fingerprint, TSAN_OPTIONS=halt_on_error=1 (the first race fails the run); C targets
#   instrumented as well (-Xcc -fsanitize=thread). No linker workaround: the compiler crash
#   (Swift 6.3.1, "Invalid bitcast ... Broken module") came from one pattern, a mutating
#   access through a `let` pointer of the noncopyable ProviderContext, now a `var` (same
#   code, same fingerprints). That keeps Swift's inout-access race checks, which the
#   workaround of wrapping `__tsan_external_write` with a no-op at link time switched off.
# Wall-clock limits in tests (a 60 s wait for a child, 20 s and 30 s linearity limits, the
# fuzz test's 300 s per command) are multiplied by SANITIZE_TIME_SCALE (default 10; the
# tests read PUSHSIM_TEST_TIME_SCALE); tests hand *SAN_OPTIONS on to the pushsim processes
# they start; the fuzz test sets no address-space limit for a sanitized pushsim. Nothing
# is skipped. `make sanitize` takes over an hour and a half here (docs/testing.md, Sanitizers, Time).
# `make sanitize-ci`: the subset CI runs (.ci/run, after `make test`), a few minutes beyond
# its builds: the controls, then the sanitized `pushsim` alone (the product, not the test
# bundle) on the workloads that reach the kernel, the worlds, a
# fleet's coded worlds and the worker threads: the study (200 replications, 2 jobs) and the
# 07:00 wake (10,000 recipients, 2 replications on 2 jobs), under ASan with leak checks on
# and under TSan.
ASAN_SCRATCH := .build-asan
TSAN_SCRATCH := .build-tsan
ASAN_FLAGS := -Xswiftc -sanitize=address -Xcc -fsanitize=address
TSAN_FLAGS := -Xswiftc -sanitize=thread -Xcc -fsanitize=thread
SANITIZE_TIME_SCALE ?= 10
ASAN_ENV := ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 SWIFT_BACKTRACE=enable=no PUSHSIM_TEST_TIME_SCALE=$(SANITIZE_TIME_SCALE)
TSAN_ENV := TSAN_OPTIONS=halt_on_error=1 SWIFT_BACKTRACE=enable=no PUSHSIM_TEST_TIME_SCALE=$(SANITIZE_TIME_SCALE)
LSAN_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/SanitizerControls/lsan-suppressions.txt
# The suites, as `swift test --filter` expressions.
SAN_KERNEL := --filter '^PushSimTests\.(EventQueue|Simulator)'
SAN_FLEET := --filter '\.(Fleet[A-Za-z]*|PackedPushesTests)/'
SAN_WORLD := --filter '\.World(Tests|ReuseTests)/'
SAN_PARALLEL := --filter '\.(ParallelRunnerTests|WorldReuseTests|SweepTests|SweepPointsTests|DeterminismTests)/'
SAN_FINGERPRINT := --filter 'FingerprintTests/'

# $(call san_build,NAME,SCRATCH,WHAT): builds WHAT (`--build-tests` or `--product pushsim`, then the
# sanitizer's flags) into SCRATCH.
san_build = t0=$$(date +%s); echo "$(1): building into $(2)/ ($(3))"; \
	$(SWIFT) build --scratch-path $(2) $(3) >$(2)/sanitize-build.log 2>&1 || { tail -n 40 $(2)/sanitize-build.log; echo "$(1): build failed (log: $(2)/sanitize-build.log)"; exit 2; }; \
	echo "$(1): built in $$(( $$(date +%s) - t0 )) s"

# $(call san_control,NAME,SCRATCH,FLAGS,ENV,TEST,REPORT): control TEST of Tests/SanitizerControls,
# built with FLAGS into SCRATCH/controls and run under ENV, must fail with REPORT (grep -E) in its output.
san_control = log=$(2)/control-$(5).log; \
	if env $(4) $(SWIFT) test --package-path Tests/SanitizerControls --scratch-path $(2)/controls $(3) --filter 'ControlTests\.$(5)\(' >$$log 2>&1; then \
		echo "$(1) control $(5): swift test passed: the error went unreported, this run cannot fail (log: $$log)"; exit 1; \
	elif grep -qE '$(6)' $$log; then echo "$(1) control $(5): \"$$(grep -m1 -oE '$(6)' $$log)\" reported, swift test failed, as it must"; \
	else tail -n 30 $$log; echo "$(1) control $(5): swift test failed without \"$(6)\" (log: $$log)"; exit 1; fi

# $(call san_test,NAME,SCRATCH,FLAGS,ENV,FILTERS): the tests FILTERS selects (all without), built
# by san_build, run under ENV; the output goes to SCRATCH/NAME.log, the result line and any failure here.
san_test = log=$(2)/$(1).log; t0=$$(date +%s); echo "$(1): running (log: $$log)"; \
	env $(4) $(SWIFT) test --skip-build --scratch-path $(2) $(3) $(5) >$$log 2>&1; status=$$?; \
	grep -aE 'Test run with|^✘ Test .* recorded an issue' $$log | cut -c1-400; \
	if [ $$status -ne 0 ]; then grep -a -m1 -A40 -E 'ERROR: AddressSanitizer|WARNING: ThreadSanitizer|ERROR: LeakSanitizer' $$log; \
		tail -n 15 $$log; echo "$(1): FAILED (exit $$status) after $$(( $$(date +%s) - t0 )) s (log: $$log)"; exit 1; fi; \
	echo "$(1): passed in $$(( $$(date +%s) - t0 )) s"

# $(call san_cli,NAME,SCRATCH,ENV,RUNS): SCRATCH's pushsim, checked to carry the NAME
# sanitizer's runtime (`__NAME_init`; lsan: asan's), runs each of RUNS (FILE@ARGS, the
# arguments joined by commas) under ENV into SCRATCH/cli/; its output in a log; a
# sanitizer's report (or any failure) stops the target.
SAN_CI_RUNS := $(SCENARIO)@--replications,200,--jobs,2 Scenarios/fleet/wake-0700.json@--jobs,2
san_cli = nm $(2)/debug/pushsim | grep -q ' __$(1)_init$$' \
		|| { echo "$(1): $(2)/debug/pushsim has no $(1) runtime (__$(1)_init): not a sanitized build"; exit 1; }; \
	for r in $(4); do f=$${r%%@*}; args=$$(echo "$${r\#*@}" | tr ',' ' '); n=$$(basename $$f .json); \
	log=$(2)/cli-$$n.log; t0=$$(date +%s); rm -rf $(2)/cli/$$n; \
	env $(3) $(2)/debug/pushsim run $$f $$args --quiet --no-plot --runs none --out $(2)/cli/$$n >$$log 2>&1 \
		|| { grep -a -A30 -m1 -E 'ERROR: (AddressSanitizer|LeakSanitizer)|WARNING: ThreadSanitizer' $$log || tail -n 30 $$log; \
		     echo "$(1) pushsim run $$n: FAILED (log: $$log)"; exit 1; }; \
	echo "$(1) pushsim run $$n $$args: no report ($$(( $$(date +%s) - t0 )) s)"; done

asan_controls = $(call san_control,asan,$(ASAN_SCRATCH),$(ASAN_FLAGS),$(ASAN_ENV),heapUseAfterFree,AddressSanitizer: heap-use-after-free) && \
	$(call san_control,asan,$(ASAN_SCRATCH),$(ASAN_FLAGS),$(ASAN_ENV),heapOverflowSwift,AddressSanitizer: heap-buffer-overflow) && \
	$(call san_control,asan,$(ASAN_SCRATCH),$(ASAN_FLAGS),$(ASAN_ENV),heapOverflowC,AddressSanitizer: heap-buffer-overflow) && \
	$(call san_control,lsan,$(ASAN_SCRATCH),$(ASAN_FLAGS),$(LSAN_ENV),leak,Controls16leakedAllocation)
tsan_controls = $(call san_control,tsan,$(TSAN_SCRATCH),$(TSAN_FLAGS),$(TSAN_ENV),dataRace,ThreadSanitizer: Swift access race)

sanitize: sanitize-asan sanitize-tsan

sanitize-asan: deps schema-deps plot-deps chromium-deps
	@mkdir -p $(ASAN_SCRATCH); $(call san_build,asan,$(ASAN_SCRATCH),--build-tests $(ASAN_FLAGS))
	@$(asan_controls)
	@$(call san_test,asan-all,$(ASAN_SCRATCH),$(ASAN_FLAGS),$(ASAN_ENV),)
	@$(call san_cli,asan,$(ASAN_SCRATCH),$(LSAN_ENV),$(SAN_CI_RUNS))

sanitize-tsan: deps schema-deps plot-deps
	@mkdir -p $(TSAN_SCRATCH); $(call san_build,tsan,$(TSAN_SCRATCH),--build-tests $(TSAN_FLAGS))
	@$(tsan_controls)
	@$(call san_test,tsan-threads,$(TSAN_SCRATCH),$(TSAN_FLAGS),$(TSAN_ENV),$(SAN_PARALLEL) $(SAN_FLEET) $(SAN_KERNEL) $(SAN_WORLD) $(SAN_FINGERPRINT))
	@$(call san_cli,tsan,$(TSAN_SCRATCH),$(TSAN_ENV),$(SAN_CI_RUNS))

sanitize-ci: deps
	@mkdir -p $(ASAN_SCRATCH) $(TSAN_SCRATCH); $(call san_build,asan,$(ASAN_SCRATCH),--product pushsim $(ASAN_FLAGS))
	@$(asan_controls)
	@$(call san_cli,asan,$(ASAN_SCRATCH),$(LSAN_ENV),$(SAN_CI_RUNS))
	@$(call san_build,tsan,$(TSAN_SCRATCH),--product pushsim $(TSAN_FLAGS))
	@$(tsan_controls)
	@$(call san_cli,tsan,$(TSAN_SCRATCH),$(TSAN_ENV),$(SAN_CI_RUNS))

# Rewrites the baselines (summaries and fingerprint lists) in $(BASELINES) on purpose (review
# the diff before committing it). REFERENCES_DIR, BASELINES: above.
baseline: build
	@$(check_references)
	@rm -rf Results/regress; mkdir -p $(BASELINES)/fingerprints
	@for f in $(REFERENCES) $(REGRESS_SWEEPS); do n=$$(basename $$f .json); \
		$(call reference_run,$$f,$$n); \
		cp Results/regress/$$n/summary.csv $(BASELINES)/$$n.summary.csv; \
		$(BIN) fingerprints Results/regress/$$n/runs.csv --label $$f > $(BASELINES)/fingerprints/$$n.csv || exit 2; \
		echo "baseline: $$n"; \
	done

# Installs GSL (and pkg-config) only when pkg-config cannot already find GSL, and the
# header-only Random123 (the default philox4x32-10 generator) only when its header is missing,
# and zlib (runs.csv.gz) only when pkg-config cannot find it.
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists gsl; then :; else \
		$(call apt_install,libgsl-dev pkg-config); \
	fi
	@if [ -f /usr/include/Random123/philox.h ]; then :; else \
		$(call apt_install,librandom123-dev); \
	fi
	@if pkg-config --exists zlib; then :; else \
		$(call apt_install,zlib1g-dev); \
	fi

# Installs python3's jsonschema (the tests validate every shipped scenario with it) only
# when python3 cannot already import it.
schema-deps:
	@if python3 -c 'import jsonschema' >/dev/null 2>&1; then :; else \
		$(call apt_install,python3-jsonschema); \
	fi

# Installs Chromium (the sequence-chart test renders a trace SVG in it, headless) only when
# missing; apt-get's output goes to .build/chromium-install.log and is shown only if it fails.
CHROMIUM_LOG := .build/chromium-install.log
chromium-deps:
	@command -v chromium >/dev/null 2>&1 || { echo "installing chromium (apt-get, log in $(CHROMIUM_LOG))"; mkdir -p .build; \
		{ $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >$(CHROMIUM_LOG) 2>&1 \
		|| { cat $(CHROMIUM_LOG); echo "installing chromium failed"; exit 1; }; }

clean:
	rm -rf .build $(ASAN_SCRATCH) $(TSAN_SCRATCH)
