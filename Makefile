# Makefile for the Yoté record suite.  Plain make; dependencies through
# pkg-config.  A user's CFLAGS never drop the warnings (WARNFLAGS).

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/yote
DESTDIR ?=

# `make asan` / `make ubsan` record their flags here, so that a following
# `make check` in the same tree builds and tests with them too.
-include bin/build.mk

CC ?= cc
CFLAGS ?= -O2 -g
LDFLAGS ?=
WARNFLAGS = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wpointer-arith -Wwrite-strings -Wformat=2 \
	-Wundef -Wcast-align
PKGS = yaml-0.1 zlib
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS))
PKG_LIBS := $(shell pkg-config --libs $(PKGS))
# -MMD -MP: the compiler lists each object's headers in a .d file beside
# it (included at the end), so a header change rebuilds what includes it.
# src/ is one folder a layer (README, Layout; tests/layers.t holds it):
# the rules, the records, the archive, the stream of games, the engine and
# its tables, the tools' support and the programs.
SRCDIRS = src/include src/rules src/record src/archive src/stream \
	src/engine src/engine/tb src/tools src/programs
INCFLAGS = $(SRCDIRS:%=-I%)
vpath %.c $(SRCDIRS)
ALL_CFLAGS = $(WARNFLAGS) -D_POSIX_C_SOURCE=200809L $(INCFLAGS) $(PKG_CFLAGS) \
	$(CFLAGS) -pthread -MMD -MP
LIBS = $(PKG_LIBS) -pthread -lm

RULES = formats/rules/classic.yaml formats/rules/traditional.yaml \
	formats/rules/damasi.yaml formats/rules/ndar-kepp.yaml

# the library, one file a concern, bottom layer first (tests/layers.t)
LIB_SRC = src/rules/error.c src/rules/escape.c src/rules/rules.c src/rules/position.c \
	src/rules/movegen.c src/rules/notation.c src/rules/status.c \
	src/rules/textfile.c src/rules/yaml_syntax.c \
	src/record/node.c src/record/text_input.c src/record/plain_lines.c \
	src/record/yaml_read.c \
	src/record/yaml_write.c src/record/lines.c src/record/checker.c \
	src/record/game.c src/record/collection.c src/record/suggest.c \
	src/record/rebase.c \
	src/archive/archive_io.c src/archive/rangecoder.c \
	src/archive/archive_moves.c src/archive/archive_score.c \
	src/archive/archive_mv2.c src/archive/archive_bridge.c \
	src/archive/archive_keys.c src/archive/archive_hash.c \
	src/archive/archive_input.c src/archive/archive_jump.c \
	src/archive/archive_read.c src/archive/archive_write.c \
	src/stream/reader.c src/stream/select.c src/stream/stream.c \
	src/engine/tb/tb.c src/engine/tb/tb_budget.c src/engine/tb/tb_file.c \
	src/engine/eval.c src/engine/engine.c src/engine/search.c \
	src/engine/searchgen.c \
	src/engine/search_tb.c src/engine/repetition.c \
	src/engine/minimax.c \
	src/engine/annotate.c src/engine/analysis.c
LIB_OBJ = $(patsubst %.c,bin/obj/%.o,$(notdir $(LIB_SRC))) bin/obj/rules_builtin.o
# What the tools share, as an internal static library: a tool links only
# the members it uses (yote-validate carries no engine and no SVG writer).
TOOL_OBJ = bin/obj/tool.o bin/obj/text.o bin/obj/output.o bin/obj/engopt.o \
	bin/obj/draw.o bin/obj/protocol.o bin/obj/movetext.o
TOOL_OBJ += bin/obj/play.o bin/obj/session.o bin/obj/terminal.o \
	bin/obj/pipemode.o
TOOL_OBJ += bin/obj/input.o bin/obj/writer.o
TOOL_OBJ += bin/obj/html.o bin/obj/html_assets.o
TOOL_OBJ += bin/obj/line.o bin/obj/lineedit.o
TOOL_OBJ += bin/obj/diagram.o bin/obj/step.o bin/obj/svgfile.o bin/obj/argrecord.o
TOOL_OBJ += bin/obj/annopool.o bin/obj/annosummary.o bin/obj/evalgraph.o \
	bin/obj/onepos.o
TOOL_OBJ += bin/obj/figures.o bin/obj/openings.o bin/obj/players.o
TOOL_OBJ += bin/obj/repair.o bin/obj/summary.o
TOOL_LIB = bin/libyotetool.a
TOOLS = bin/yote-analyze bin/yote-validate bin/yote-replay bin/yote-convert bin/yote-play
TOOLS += bin/yote-explore
TEST_PROGS = bin/test-unit bin/test-rules bin/test-movegen bin/refgen bin/gen-games bin/test-engine bin/test-archive bin/fuzz-move-replay bin/fuzz-position-replay bin/fuzz-rules-replay bin/fuzz-record-replay bin/fuzz-protocol-replay \
	bin/test-load-order bin/tune bin/fit-k bin/texel
TEST_PROGS += bin/test-game
TEST_PROGS += bin/fuzz-archive-replay
TEST_PROGS += bin/fuzz-select-replay
TEST_PROGS += bin/make-slips

# bin/gen-games too: the README's tour makes its collections with it
all: bin/libyote.a $(TOOLS) bin/yote.pc bin/gen-games

bin/obj/.dir:
	mkdir -p bin/obj
	touch $@

# An object without its .d (built before -MMD, or the .d lost) is rebuilt.
bin/obj/%.o: %.c bin/obj/%.d bin/obj/.dir
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# (named, not a pattern: a missing intermediate file would not count)
DEPS = $(patsubst %.c,bin/obj/%.d,$(notdir $(wildcard $(SRCDIRS:%=%/*.c)))) \
	$(patsubst tests/unit/%.c,bin/obj/%.d,$(wildcard tests/unit/test-*.c))
$(DEPS): ;

bin/gen/rules_builtin.c: src/rules/embed-rules.sh $(RULES)
	mkdir -p bin/gen
	sh src/rules/embed-rules.sh $(RULES) > $@.tmp && mv $@.tmp $@

# endgame tables (src/engine/tb/tb.c, tests/tb/; bin/tb-build, a developer's
# command that builds and probes them: tests/tools/tb-build.c)
TEST_PROGS += bin/test-tb bin/tb-build

bin/test-tb: tests/tb/test-tb.c $(TAP_SRC) bin/libyote.a
	$(CC) $(ALL_CFLAGS) -Itests/lib $(LDFLAGS) -o $@ $< tests/lib/tap.c bin/libyote.a $(LIBS)

bin/tb-build: tests/tools/tb-build.c $(TOOL_LIB) bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(TOOL_LIB) bin/libyote.a $(LIBS)

# the study pages' style sheet and script (src/tools/html.c)
bin/gen/html_assets.c: src/tools/embed-page.sh src/tools/html.css src/tools/html.js
	mkdir -p bin/gen
	sh src/tools/embed-page.sh src/tools/html.css src/tools/html.js > $@.tmp && mv $@.tmp $@

bin/obj/html_assets.o: bin/gen/html_assets.c bin/obj/.dir
	$(CC) $(ALL_CFLAGS) -c -o $@ bin/gen/html_assets.c

bin/obj/rules_builtin.o: bin/gen/rules_builtin.c bin/obj/.dir
	$(CC) $(ALL_CFLAGS) -c -o $@ bin/gen/rules_builtin.c

bin/libyote.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $(LIB_OBJ)

$(TOOL_LIB): $(TOOL_OBJ)
	rm -f $@
	ar rcs $@ $(TOOL_OBJ)

bin/yote-%: bin/obj/yote-%.o $(TOOL_LIB) bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(TOOL_LIB) bin/libyote.a $(LIBS)

# pkg-config's description of the installed library (static only, so its
# dependencies are in Requires and Libs: the plain --cflags --libs links);
# rewritten when the
# directories (PREFIX, LIBDIR, ...) or the version change.
VERSION := $(shell sed -n 's/^\#define YOTE_VERSION "\(.*\)"/\1/p' src/include/yote.h)

bin/yote.pc: FORCE bin/obj/.dir
	printf '%s\n' 'prefix=$(PREFIX)' \
	    'libdir=$(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))' \
	    'includedir=$(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))' \
	    '' 'Name: yote' \
	    'Description: Yote rules, records and engine' \
	    'Version: $(VERSION)' 'Requires: $(PKGS)' \
	    'Cflags: -I$${includedir}' \
	    'Libs: -L$${libdir} -lyote -pthread -lm' > $@.tmp
	cmp -s $@.tmp $@ || mv $@.tmp $@
	rm -f $@.tmp

FORCE:

# ------------------------------------------------------------ tests

CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

bin/obj/test-%.o: tests/unit/test-%.c bin/obj/test-%.d bin/obj/.dir
	$(CC) $(ALL_CFLAGS) -Itests/lib $(CMOCKA_CFLAGS) -c -o $@ $<

bin/test-unit: bin/obj/test-unit.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(CMOCKA_LIBS) $(LIBS)

bin/test-archive: bin/obj/test-archive.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(CMOCKA_LIBS) $(LIBS)

bin/test-game: bin/obj/test-game.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(CMOCKA_LIBS) $(LIBS)

# record nodes and their arenas (src/record/node.c)
TEST_PROGS += bin/test-node
bin/test-node: bin/obj/test-node.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(CMOCKA_LIBS) $(LIBS)

# position patterns and game keys (src/record/collection.c)
TEST_PROGS += bin/test-collection
TEST_PROGS += bin/fuzz-pattern-replay
bin/test-collection: bin/obj/test-collection.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(CMOCKA_LIBS) $(LIBS)

# the stream of games and its selection (src/stream/)
TEST_PROGS += bin/test-stream
bin/test-stream: bin/obj/test-stream.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(CMOCKA_LIBS) $(LIBS)

# the test programs' helpers (tests/lib): TAP for those that are not
# cmocka tests, pseudo-random numbers (rng.h, header only)
TAP_SRC = tests/lib/tap.c tests/lib/tap.h

bin/test-rules: tests/rules/test-rules.c $(TAP_SRC) bin/libyote.a
	$(CC) $(ALL_CFLAGS) -Itests/lib $(LDFLAGS) -o $@ $< tests/lib/tap.c bin/libyote.a $(LIBS)

bin/test-movegen: tests/ref/test-movegen.c tests/lib/rng.h bin/libyote.a
	$(CC) $(ALL_CFLAGS) -Itests/lib $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

bin/test-load-order: tests/order/test-load-order.c $(TAP_SRC) bin/libyote.a
	$(CC) $(ALL_CFLAGS) -Itests/lib $(LDFLAGS) -o $@ $< tests/lib/tap.c bin/libyote.a $(LIBS)

bin/refgen: tests/ref/refgen.c tests/ref/ref.c tests/ref/ref.h
	$(CC) -std=c99 -O2 $(CFLAGS) -o $@ tests/ref/refgen.c tests/ref/ref.c

# The exact-solver oracle: the reference generator and solver on boards of
# at most 8 x 8, so that their positions copy cheaply.
REF_ORACLE = tests/ref/ref.c tests/ref/solve.c
TEST_PROGS += bin/test-oracle
bin/test-oracle: tests/oracle/test-oracle.c $(REF_ORACLE) tests/ref/ref.h tests/ref/solve.h $(TAP_SRC) tests/lib/rng.h bin/libyote.a
	$(CC) $(ALL_CFLAGS) -DMAXW=8 -DMAXH=8 -Itests/ref -Itests/lib $(LDFLAGS) -o $@ tests/oracle/test-oracle.c $(REF_ORACLE) tests/lib/tap.c bin/libyote.a $(LIBS)

# A sub-make builds the tests, so that `make asan check` builds them with
# the flags `make asan` has just recorded in bin/build.mk; asan/ubsan named
# with check on one command line go first, even under -j.
check: $(filter asan ubsan,$(MAKECMDGOALS))
	$(MAKE) all test-programs
	@d=$$(mktemp -d) && YOTE_TB_DIR=$${YOTE_TB_DIR:-$$d/tb} && \
	export YOTE_TB_DIR && echo "YOTE_TB_DIR=$$YOTE_TB_DIR" && \
	LC_ALL=C prove -j2 tests/*.t; s=$$?; rm -rf "$$d"; exit $$s

test-programs: $(TEST_PROGS)

# ------------------------------------------------------------ variants

asan:
	$(MAKE) clean
	mkdir -p bin
	printf 'CFLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all\nLDFLAGS = -fsanitize=address,undefined\n' > bin/build.mk
	$(MAKE) all

ubsan:
	$(MAKE) clean
	mkdir -p bin
	printf 'CFLAGS = -O1 -g -fsanitize=undefined -fno-omit-frame-pointer -fno-sanitize-recover=all\nLDFLAGS = -fsanitize=undefined\n' > bin/build.mk
	$(MAKE) all

bench: all bin/gen-games bin/yaml-parse-bench
	sh tests/bench.sh

leakcheck: all
	sh tests/leakcheck.sh

valgrind-check: all test-programs
	sh tests/valgrind-check.sh

# CI runs `make check`, which runs tests/layers.t too.
lint: all
	mandoc -Tlint -Wwarning man/*.[1-8]
	LC_ALL=C prove tests/layers.t

# ------------------------------------------------------------ install

PCDIR ?= $(LIBDIR)/pkgconfig

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PCDIR) \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(DATADIR)/rules
	for t in $(TOOLS); do cp $$t $(DESTDIR)$(BINDIR)/; done
	cp bin/libyote.a $(DESTDIR)$(LIBDIR)/
	cp bin/yote.pc $(DESTDIR)$(PCDIR)/
	cp src/include/yote.h src/include/yote_limits.h src/include/yote_io.h \
	    src/include/yote_node.h src/include/yote_collection.h \
	    src/include/yote_stream.h src/include/yote_repair.h \
	    src/include/yote_tb.h $(DESTDIR)$(INCLUDEDIR)/
	cp $(RULES) $(DESTDIR)$(DATADIR)/rules/
	for m in man/*.[1-8]; do \
	    s=$${m##*.}; mkdir -p $(DESTDIR)$(MANDIR)/man$$s; \
	    cp $$m $(DESTDIR)$(MANDIR)/man$$s/; done

# Only what install wrote; our own data directories go when left empty.
uninstall:
	for t in $(TOOLS); do rm -f $(DESTDIR)$(BINDIR)/$${t#bin/}; done
	rm -f $(DESTDIR)$(LIBDIR)/libyote.a $(DESTDIR)$(PCDIR)/yote.pc \
	    $(DESTDIR)$(INCLUDEDIR)/yote.h $(DESTDIR)$(INCLUDEDIR)/yote_limits.h \
	    $(DESTDIR)$(INCLUDEDIR)/yote_io.h $(DESTDIR)$(INCLUDEDIR)/yote_node.h \
	    $(DESTDIR)$(INCLUDEDIR)/yote_collection.h \
	    $(DESTDIR)$(INCLUDEDIR)/yote_stream.h \
	    $(DESTDIR)$(INCLUDEDIR)/yote_repair.h \
	    $(DESTDIR)$(INCLUDEDIR)/yote_tb.h
	for f in $(RULES); do rm -f $(DESTDIR)$(DATADIR)/rules/$${f##*/}; done
	for m in man/*.[1-8]; do \
	    s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$${m#man/}; done
	rmdir $(DESTDIR)$(DATADIR)/rules $(DESTDIR)$(DATADIR) 2>/dev/null || true

clean:
	rm -rf bin

.PHONY: FORCE all check test-programs asan ubsan bench leakcheck valgrind-check lint install uninstall clean fuzz
# objects a pattern chain builds (bin/obj/yote-*.o) are kept
.PRECIOUS: bin/obj/%.o

# generated game collections (samples, tests, benchmarks)
bin/gen-games: tests/tools/gen-games.c tests/lib/rng.h $(TOOL_LIB) bin/libyote.a
	$(CC) $(ALL_CFLAGS) -Itests/lib $(LDFLAGS) -o $@ $< $(TOOL_LIB) bin/libyote.a $(LIBS)

# scoresheet slips for yote-validate --suggest (tests/suggest.t)
bin/make-slips: tests/tools/make-slips.c tests/lib/rng.h bin/libyote.a
	$(CC) $(ALL_CFLAGS) -Itests/lib $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

bin/test-engine: tests/engine/test-engine.c $(TAP_SRC) tests/lib/rng.h bin/libyote.a
	$(CC) $(ALL_CFLAGS) -Itests/lib $(LDFLAGS) -o $@ $< tests/lib/tap.c bin/libyote.a $(LIBS)

bin/tune: tests/tools/tune.c tests/lib/rng.h tests/lib/weights.h bin/libyote.a
	$(CC) $(ALL_CFLAGS) -Itests/lib $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

bin/texel: tests/tools/texel.c tests/lib/weights.h bin/libyote.a
	$(CC) $(ALL_CFLAGS) -Itests/lib $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

bin/fit-k: tests/tools/fit-k.c bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

# libyaml alone parsing YAML into events: the floor of make bench's YAML
bin/yaml-parse-bench: tests/tools/yaml-parse-bench.c bin/obj/.dir
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIBS)

# ------------------------------------------------------------ fuzzing
# One harness per parser (tests/fuzz/fuzz-*.c).  `make check` replays the
# seeds and every kept crash case (tests/fuzz/regress/) through a plain
# driver; `make fuzz` runs libFuzzer (clang) on each for FUZZ_TIME seconds
# and keeps new crashes in tests/fuzz/regress/HARNESS/.
FUZZERS = move position rules record protocol
FUZZERS += archive
FUZZERS += pattern
FUZZERS += select
FUZZ_TIME ?= 60
FUZZ_CC ?= clang
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined $(INCFLAGS) $(PKG_CFLAGS) \
	-D_POSIX_C_SOURCE=200809L

bin/fuzz-%-replay: tests/fuzz/fuzz-%.c tests/fuzz/driver.c bin/obj/protocol.o bin/obj/line.o bin/obj/movetext.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< tests/fuzz/driver.c bin/obj/protocol.o bin/obj/line.o bin/obj/movetext.o bin/libyote.a $(LIBS)

fuzz: bin/gen/rules_builtin.c
	mkdir -p bin/fuzz
	for f in $(FUZZERS); do \
	    $(FUZZ_CC) $(FUZZ_FLAGS) -o bin/fuzz/fuzz-$$f tests/fuzz/fuzz-$$f.c \
	        $(LIB_SRC) src/tools/protocol.c src/tools/line.c src/tools/movetext.c bin/gen/rules_builtin.c $(PKG_LIBS) \
	        -pthread -lm || exit 1; \
	    mkdir -p bin/fuzz/corpus-$$f tests/fuzz/regress/$$f; \
	    (cd bin/fuzz && ./fuzz-$$f -max_total_time=$(FUZZ_TIME) \
	        -artifact_prefix=../../tests/fuzz/regress/$$f/ -print_final_stats=1 \
	        corpus-$$f ../../tests/fuzz/seeds/$$f 2>&1 | \
	        grep -E '^stat::number_of_executed_units|^stat::peak_rss|ERROR|SUMMARY' \
	        | sed "s/^/$$f: /"); \
	done

-include $(wildcard bin/obj/*.d bin/*.d)

