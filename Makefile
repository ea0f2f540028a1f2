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
ALL_CFLAGS = $(WARNFLAGS) -D_POSIX_C_SOURCE=200809L -Isrc $(PKG_CFLAGS) \
	$(CFLAGS) -pthread
LIBS = $(PKG_LIBS) -pthread -lm

RULES = formats/rules/classic.yaml formats/rules/traditional.yaml \
	formats/rules/damasi.yaml formats/rules/ndar-kepp.yaml

LIB_SRC = src/rules.c src/position.c src/movegen.c src/notation.c \
	src/status.c src/record.c src/checker.c src/eval.c src/search.c src/annotate.c \
	src/archive.c src/lines.c \
	src/game.c \
	src/analysis.c
LIB_OBJ = $(LIB_SRC:src/%.c=bin/obj/%.o) bin/obj/rules_builtin.o
TOOL_OBJ = bin/obj/tool.o bin/obj/draw.o bin/obj/protocol.o \
	bin/obj/play.o
TOOLS = bin/yote-analyze bin/yote-validate bin/yote-replay bin/yote-convert bin/yote-play
TEST_PROGS = bin/test-unit bin/test-rules bin/test-movegen bin/refgen bin/gen-games bin/test-engine bin/test-archive bin/fuzz-move-replay bin/fuzz-position-replay bin/fuzz-rules-replay bin/fuzz-record-replay bin/fuzz-protocol-replay

all: bin/libyote.a $(TOOLS)

bin/obj/.dir:
	mkdir -p bin/obj
	touch $@

bin/obj/%.o: src/%.c src/yote.h src/yote_int.h src/yote_fmt.h src/tool.h src/draw.h src/play.h \
    bin/obj/.dir
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

bin/gen/rules_builtin.c: src/embed-rules.sh $(RULES)
	mkdir -p bin/gen
	sh src/embed-rules.sh $(RULES) > $@.tmp && mv $@.tmp $@

bin/obj/rules_builtin.o: bin/gen/rules_builtin.c bin/obj/.dir
	$(CC) $(ALL_CFLAGS) -c -o $@ bin/gen/rules_builtin.c

bin/libyote.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $(LIB_OBJ)

bin/yote-%: bin/obj/yote-%.o $(TOOL_OBJ) bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(TOOL_OBJ) bin/libyote.a $(LIBS)

# ------------------------------------------------------------ tests

CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

bin/obj/test-%.o: tests/unit/test-%.c src/yote.h bin/obj/.dir
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -c -o $@ $<

bin/test-unit: bin/obj/test-unit.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(CMOCKA_LIBS) $(LIBS)

bin/test-archive: bin/obj/test-archive.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(CMOCKA_LIBS) $(LIBS)

bin/test-rules: tests/rules/test-rules.c bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

bin/test-movegen: tests/ref/test-movegen.c bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

bin/refgen: tests/ref/refgen.c
	$(CC) -std=c99 -O2 $(CFLAGS) -o $@ $<

# A sub-make builds the tests, so that `make asan check` builds them with
# the flags `make asan` has just recorded in bin/build.mk.
check:
	$(MAKE) all test-programs
	LC_ALL=C prove -j2 tests/*.t

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

bench: all bin/gen-games
	sh tests/bench.sh

leakcheck: all
	sh tests/leakcheck.sh

valgrind-check: all test-programs
	sh tests/valgrind-check.sh

lint:
	mandoc -Tlint -Wwarning man/*.[1-8]

# ------------------------------------------------------------ install

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(DATADIR)/rules
	for t in $(TOOLS); do cp $$t $(DESTDIR)$(BINDIR)/; done
	cp bin/libyote.a $(DESTDIR)$(LIBDIR)/
	cp src/yote.h $(DESTDIR)$(INCLUDEDIR)/
	cp $(RULES) $(DESTDIR)$(DATADIR)/rules/
	for m in man/*.[1-8]; do \
	    s=$${m##*.}; mkdir -p $(DESTDIR)$(MANDIR)/man$$s; \
	    cp $$m $(DESTDIR)$(MANDIR)/man$$s/; done

uninstall:
	for t in $(TOOLS); do rm -f $(DESTDIR)$(BINDIR)/$${t#bin/}; done
	rm -f $(DESTDIR)$(LIBDIR)/libyote.a $(DESTDIR)$(INCLUDEDIR)/yote.h
	rm -rf $(DESTDIR)$(DATADIR)
	for m in man/*.[1-8]; do \
	    s=$${m##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$s/$${m#man/}; done

clean:
	rm -rf bin

.PHONY: all check test-programs asan ubsan bench leakcheck valgrind-check lint install uninstall clean fuzz
.SECONDARY:

# generated game collections (samples, tests, benchmarks)
bin/gen-games: tests/tools/gen-games.c bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

bin/test-engine: tests/engine/test-engine.c bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

bin/tune: tests/tools/tune.c bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

bin/fit-k: tests/tools/fit-k.c bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< bin/libyote.a $(LIBS)

# ------------------------------------------------------------ fuzzing
# One harness per parser (tests/fuzz/fuzz-*.c).  `make check` replays the
# seeds and every kept crash case (tests/fuzz/regress/) through a plain
# driver; `make fuzz` runs libFuzzer (clang) on each for FUZZ_TIME seconds
# and keeps new crashes in tests/fuzz/regress/HARNESS/.
FUZZERS = move position rules record protocol
FUZZ_TIME ?= 60
FUZZ_CC ?= clang
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer,address,undefined -Isrc $(PKG_CFLAGS) \
	-D_POSIX_C_SOURCE=200809L

bin/fuzz-%-replay: tests/fuzz/fuzz-%.c tests/fuzz/driver.c bin/obj/protocol.o bin/libyote.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< tests/fuzz/driver.c bin/obj/protocol.o bin/libyote.a $(LIBS)

fuzz: bin/gen/rules_builtin.c
	mkdir -p bin/fuzz
	for f in $(FUZZERS); do \
	    $(FUZZ_CC) $(FUZZ_FLAGS) -o bin/fuzz/fuzz-$$f tests/fuzz/fuzz-$$f.c \
	        $(LIB_SRC) src/protocol.c bin/gen/rules_builtin.c $(PKG_LIBS) \
	        -pthread -lm || exit 1; \
	    mkdir -p bin/fuzz/corpus-$$f tests/fuzz/regress/$$f; \
	    (cd bin/fuzz && ./fuzz-$$f -max_total_time=$(FUZZ_TIME) \
	        -artifact_prefix=../../tests/fuzz/regress/$$f/ -print_final_stats=1 \
	        corpus-$$f ../../tests/fuzz/seeds/$$f 2>&1 | \
	        grep -E '^stat::number_of_executed_units|^stat::peak_rss|ERROR|SUMMARY' \
	        | sed "s/^/$$f: /"); \
	done
