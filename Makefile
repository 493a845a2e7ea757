# Tabula — build, test, bench, sanitizers, dependency install.
#
#   make                 install missing Debian packages, build ./tabula
#   make test            every test layer; ends with "N passed, N failed"
#   make SANITIZE=address,undefined test
#   make valgrind        the C unit tests and a sample of games under valgrind
#   make bench           speed figures side by side (bench/last.json)
#   make secrecy         every seat's view at every decision of 1,000 Not Alone games
#                        per player count (make test checks 2 per count)
#   make coverage        make test built with --coverage (build/cov), then the lines of
#                        host/, vm/ and repl/ it ran, file by file (gcov)
#   make format          clang-format over our C
#   make clean

PKGS      := lua5.4 jansson libedit
DEB_PKGS  := liblua5.4-dev libjansson-dev libedit-dev pkg-config
CC        ?= cc
OPT       ?= -O2 -g
WARN      := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
             -Wpointer-arith -Wformat=2 -Wno-format-nonliteral -Werror
CFLAGS_BASE := $(OPT) $(WARN) -D_POSIX_C_SOURCE=200809L -MMD -MP -Ihost
ifneq ($(SANITIZE),)
  CFLAGS_BASE += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
  LDSAN := -fsanitize=$(SANITIZE)
  BUILD ?= build/san
else
  BUILD ?= build/rel
endif

# evaluated when used (after `deps` has installed what was missing)
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
# Lua comes from liblua5.4-dev's static archive when it ships one: the engine makes
# millions of lua_* calls, and a static link saves each one the shared library's
# indirection (about 5% faster games, measured side by side); else the shared library.
LUA_A      = $(wildcard $(shell pkg-config --variable=libdir lua5.4)/liblua5.4.a)
PKG_LIBS   = $(if $(LUA_A),$(LUA_A) $(shell pkg-config --libs jansson libedit) -ldl,$(shell pkg-config --libs $(PKGS)))

HOST_SRC := $(wildcard host/*.c)
VM_SRC   := $(wildcard vm/*.c)
REPL_SRC := $(wildcard repl/*.c)
BENCH_C  := bench/artemia_c.c

HOST_OBJ := $(HOST_SRC:%.c=$(BUILD)/%.o)
VM_OBJ   := $(VM_SRC:%.c=$(BUILD)/%.o)
REPL_OBJ := $(REPL_SRC:%.c=$(BUILD)/%.o)
LIB      := $(BUILD)/libtabula.a

TEST_SRC := $(wildcard tests/unit/*.c)
TEST_BIN := $(BUILD)/unit_tests

.PHONY: all deps test unit scenarios bench valgrind format clean play fuzz secrecy coverage

all: deps tabula

# Installs the Debian packages the build needs, only when one is missing.
deps:
	@if ! pkg-config --exists $(PKGS) 2>/dev/null || ! command -v tmux >/dev/null; then \
	  echo "installing build dependencies: $(DEB_PKGS) tmux"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq $(DEB_PKGS) tmux >/dev/null; \
	fi

# host/ must compile without the Lua include path (DESIGN: only vm/ sees lua.h).
$(BUILD)/host/%.o: host/%.c | deps
	@mkdir -p $(dir $@)
	@echo '  CC  $<'
	@$(CC) $(CFLAGS_BASE) $(shell pkg-config --cflags jansson) -c $< -o $@

$(BUILD)/vm/%.o: vm/%.c | deps
	@mkdir -p $(dir $@)
	@echo '  CC  $<'
	@$(CC) $(CFLAGS_BASE) $(shell pkg-config --cflags $(PKGS)) -c $< -o $@

$(BUILD)/repl/%.o: repl/%.c | deps
	@mkdir -p $(dir $@)
	@echo '  CC  $<'
	@$(CC) $(CFLAGS_BASE) -Ivm -Ibench $(shell pkg-config --cflags $(PKGS)) -c $< -o $@

$(BUILD)/bench/%.o: bench/%.c | deps
	@mkdir -p $(dir $@)
	@echo '  CC  $<'
	@$(CC) $(CFLAGS_BASE) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c | deps
	@mkdir -p $(dir $@)
	@echo '  CC  $<'
	@$(CC) $(CFLAGS_BASE) -Ivm -Irepl -Ibench $(shell pkg-config --cflags $(PKGS)) -c $< -o $@

$(LIB): $(HOST_OBJ) $(VM_OBJ) $(filter-out $(BUILD)/repl/main.o,$(REPL_OBJ)) $(BUILD)/bench/artemia_c.o
	@rm -f $@
	@ar rcs $@ $^

# deps is order-only: it must run first, but must not make tabula out of date
tabula: $(BUILD)/repl/main.o $(LIB) | deps
	@echo '  LD  $@'
	@$(CC) $(LDSAN) -o $@ $(BUILD)/repl/main.o $(LIB) $(PKG_LIBS) -lpthread -lm

$(TEST_BIN): $(TEST_SRC:%.c=$(BUILD)/%.o) $(LIB)
	@echo '  LD  $@'
	@$(CC) $(LDSAN) -o $@ $(TEST_SRC:%.c=$(BUILD)/%.o) $(LIB) $(PKG_LIBS) -lpthread -lm

FUZZ_REPLAY := $(BUILD)/fuzz_chunk_replay $(BUILD)/fuzz_load_replay $(BUILD)/fuzz_save_replay \
               $(BUILD)/fuzz_pack_replay $(BUILD)/fuzz_repl_replay \
               $(BUILD)/fuzz_scenario_replay

$(BUILD)/fuzz_chunk_replay: tests/fuzz/fuzz_targets.c tests/fuzz/replay.c $(LIB)
	@echo '  LD  $@'
	@$(CC) $(CFLAGS_BASE) -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_LOAD=0 -o $@ $^ $(PKG_LIBS) $(LDSAN) -lpthread -lm

$(BUILD)/fuzz_load_replay: tests/fuzz/fuzz_targets.c tests/fuzz/replay.c $(LIB)
	@echo '  LD  $@'
	@$(CC) $(CFLAGS_BASE) -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_LOAD=1 -o $@ $^ $(PKG_LIBS) $(LDSAN) -lpthread -lm

$(BUILD)/fuzz_save_replay: tests/fuzz/fuzz_targets.c tests/fuzz/replay.c $(LIB)
	@echo '  LD  $@'
	@$(CC) $(CFLAGS_BASE) -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_SAVE=1 -o $@ $^ $(PKG_LIBS) $(LDSAN) -lpthread -lm

$(BUILD)/fuzz_pack_replay: tests/fuzz/fuzz_targets.c tests/fuzz/replay.c $(LIB)
	@echo '  LD  $@'
	@$(CC) $(CFLAGS_BASE) -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_PACK=1 -o $@ $^ $(PKG_LIBS) $(LDSAN) -lpthread -lm

$(BUILD)/fuzz_repl_replay: tests/fuzz/fuzz_targets.c tests/fuzz/replay.c $(LIB)
	@echo '  LD  $@'
	@$(CC) $(CFLAGS_BASE) -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_REPL=1 -o $@ $^ $(PKG_LIBS) $(LDSAN) -lpthread -lm

$(BUILD)/fuzz_scenario_replay: tests/fuzz/fuzz_scenario.c tests/fuzz/replay.c $(LIB)
	@echo '  LD  $@'
	@$(CC) $(CFLAGS_BASE) -Ivm -Irepl -Ibench $(PKG_CFLAGS) -o $@ $^ $(PKG_LIBS) $(LDSAN) -lpthread -lm

# Coverage-guided fuzzing with libFuzzer (clang): make fuzz, then e.g.
#   build/fuzz/fuzz_chunk tests/fuzz/corpus/chunk -max_total_time=600
#   build/fuzz/fuzz_pack tests/fuzz/corpus/pack -dict=tests/fuzz/pack.dict -max_total_time=600
#   build/fuzz/fuzz_repl tests/fuzz/corpus/repl -dict=tests/fuzz/repl.dict -max_total_time=600 \
#     -artifact_prefix=$PWD/build/fuzz/   (the repl target runs in a temporary folder)
#   build/fuzz/fuzz_scenario tests/fuzz/corpus/scenario -dict=tests/fuzz/scenario.dict -max_total_time=600
fuzz: deps
	@command -v clang >/dev/null || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get install -y -qq clang >/dev/null; }
	@mkdir -p build/fuzz
	$(MAKE) CC=clang SANITIZE=address,undefined,fuzzer-no-link BUILD=build/fuzzlib build/fuzzlib/libtabula.a
	clang $(WARN) -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined -Ihost -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_LOAD=0 -o build/fuzz/fuzz_chunk tests/fuzz/fuzz_targets.c build/fuzzlib/libtabula.a $(PKG_LIBS) -lpthread -lm
	clang $(WARN) -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined -Ihost -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_LOAD=1 -o build/fuzz/fuzz_load tests/fuzz/fuzz_targets.c build/fuzzlib/libtabula.a $(PKG_LIBS) -lpthread -lm
	clang $(WARN) -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined -Ihost -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_SAVE=1 -o build/fuzz/fuzz_save tests/fuzz/fuzz_targets.c build/fuzzlib/libtabula.a $(PKG_LIBS) -lpthread -lm
	clang $(WARN) -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined -Ihost -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_PACK=1 -o build/fuzz/fuzz_pack tests/fuzz/fuzz_targets.c build/fuzzlib/libtabula.a $(PKG_LIBS) -lpthread -lm
	clang $(WARN) -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined -Ihost -Ivm -Irepl -Ibench $(PKG_CFLAGS) -DFUZZ_TARGET_REPL=1 -o build/fuzz/fuzz_repl tests/fuzz/fuzz_targets.c build/fuzzlib/libtabula.a $(PKG_LIBS) -lpthread -lm
	clang $(WARN) -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined -Ihost -Ivm -Irepl -Ibench $(PKG_CFLAGS) -o build/fuzz/fuzz_scenario tests/fuzz/fuzz_scenario.c build/fuzzlib/libtabula.a $(PKG_LIBS) -lpthread -lm

unit: deps $(TEST_BIN)
	$(TEST_BIN)

# Every test layer, each printing its own tally; tests/run.sh prints the grand total.
test: deps tabula $(TEST_BIN) $(FUZZ_REPLAY)
	@sh tests/run.sh $(TEST_BIN) ./tabula $(BUILD)

# The hidden-information check of make test over 1,000 games per player count (2-7):
# about 10 minutes on one core.
secrecy: deps $(TEST_BIN)
	SECRECY_GAMES=1000 UNIT_GUARD=0 $(TEST_BIN) notalone_secrecy

# Its own objects, so that -DNDEBUG really reaches them (make does not rebuild objects
# when only the flags change), and its own binary, so ./tabula keeps its assertions.
bench: deps
	$(MAKE) SANITIZE= OPT="-O2 -g -DNDEBUG" BUILD=build/bench build/bench/tabula
	build/bench/tabula bench --json bench/last.json

build/bench/tabula: $(BUILD)/repl/main.o $(LIB)
	@echo '  LD  $@'
	@$(CC) $(LDSAN) -o $@ $(BUILD)/repl/main.o $(LIB) $(PKG_LIBS) -lpthread -lm

valgrind: deps
	@command -v valgrind >/dev/null || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); $$SUDO apt-get install -y -qq valgrind >/dev/null; }
	$(MAKE) SANITIZE= tabula $(TEST_BIN)
	@sh tests/valgrind.sh build/rel/unit_tests ./tabula

# Line coverage of make test: its own objects (build/cov) and binary; ./tabula is made
# again as a normal build afterwards (the tests run the instrumented one).
coverage: deps
	rm -f tabula
	$(MAKE) SANITIZE= OPT="-O1 -g --coverage" LDSAN=--coverage BUILD=build/cov test
	@sh tests/coverage.sh build/cov
	rm -f tabula
	$(MAKE) tabula

play: all
	./tabula play notalone --seat 2 --bots basic

format:
	clang-format -i host/*.c host/*.h vm/*.c vm/*.h repl/*.c repl/*.h tests/unit/*.c bench/*.c bench/*.h

clean:
	rm -rf build tabula

-include $(shell find build -name '*.d' 2>/dev/null)
