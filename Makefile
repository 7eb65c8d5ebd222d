# PushSim: `make run` (install what is missing, build, run the study, print the summary)
# and `make test`. Every target installs libgsl-dev first when pkg-config cannot find GSL.
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SCENARIO ?= Scenarios/push-hint-study.json
OUT ?= Results/push-hint-study
BIN := .build/release/pushsim
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build deps bench validate clean

run: build
	$(BIN) run $(SCENARIO) --out $(OUT)

build: deps
	$(SWIFT) build -c release --product pushsim

test: deps
	$(SWIFT) test

bench: deps
	$(SWIFT) build -c release --product pushsim-bench
	.build/release/pushsim-bench

validate: build
	@for f in $$(find Scenarios -name '*.json' | sort); do $(BIN) validate $$f || exit 2; done

# Installs GSL (and pkg-config) only when pkg-config cannot already find GSL.
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists gsl; then :; else \
		echo "installing libgsl-dev and pkg-config (apt-get)"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libgsl-dev pkg-config; \
	fi

clean:
	rm -rf .build
