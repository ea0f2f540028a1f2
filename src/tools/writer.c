/*
 * writer.c - the collection a tool writes (writer.h): YAML through
 * libyaml's emitter, an archive, the lines format, or a --list line per
 * game.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "tool.h"
#include "writer.h"

int
format_named(const char *s)
{
	if (strcmp(s, "yaml") == 0)
		return OUT_YAML;
	if (strcmp(s, "archive") == 0)
		return OUT_ARCHIVE;
	if (strcmp(s, "lines") == 0)
		return OUT_LINES;
	return OUT_NONE;
}

/* The output format a file name's extension calls for, or OUT_NONE. */
int
format_of_path(const char *path)
{
	static const struct {
		const char *ext;
		int fmt;
	} exts[] = {
		{ ".yaml", OUT_YAML }, { ".yml", OUT_YAML },
		{ ".yta", OUT_ARCHIVE }, { ".lines", OUT_LINES },
		{ ".txt", OUT_LINES },
	};
	size_t i, n = strlen(path), k;

	for (i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		k = strlen(exts[i].ext);
		if (n > k && strcmp(path + n - k, exts[i].ext) == 0)
			return exts[i].fmt;
	}
	return OUT_NONE;
}

int
writer_open(struct out *o, FILE *fp, const struct out_opts *oo,
    struct yote_error *e)
{
	unsigned flags = 0;
	int rc;

	memset(o, 0, sizeof(*o));
	o->fp = fp;
	o->oo = oo;
	if (oo->list)
		return 0;
	switch (oo->to) {
	case OUT_YAML:
		if (yote_writer_open(fp, &o->yaml) != 0)
			return yote_error_set(e, YOTE_ENOMEM, "out of memory");
		return 0;
	case OUT_ARCHIVE:
		if (oo->keep_invalid)
			flags |= YOTE_ARCHIVE_KEEP_INVALID;
		if (oo->no_index)
			flags |= YOTE_ARCHIVE_NO_INDEX;
		if (oo->pos_index > 0)
			flags |= YOTE_ARCHIVE_POSITION_INDEX;
		if (oo->arc_version == 1)
			flags |= YOTE_ARCHIVE_VERSION1;
		if ((rc = yote_archive_writer_open(fp, flags, &o->arc, e)) != 0)
			return rc;
		if (oo->pos_index > 0)
			yote_archive_writer_set_index_bits(o->arc,
			    oo->pos_index);
		if (oo->rules != NULL)
			yote_archive_writer_set_rules(o->arc, oo->rules);
		if (oo->block > 0)
			yote_archive_writer_set_block(o->arc, oo->block);
		return 0;
	default:
		return 0;
	}
}

int
writer_close(struct out *o, struct yote_error *e)
{
	struct yote_archive_stats st;
	int rc = 0;

	yote_rebase_free(o->rebase);
	o->rebase = NULL;
	if (o->yaml != NULL && yote_writer_close(o->yaml) != 0)
		rc = yote_error_set(e, YOTE_EIO, "write error: %s",
		    strerror(errno));
	if (o->arc != NULL) {
		rc = yote_archive_writer_close(o->arc, &st, e);
		if (rc == 0) {
			if (o->oo->stats)
				fprintf(stderr, "%s: %llu game%s (%llu as text), "
				    "%llu pl%s, %llu block%s; %llu bytes: %.3f "
				    "bits per move (ranks %.3f, headers %.3f "
				    "before zlib)\n", tool_name, st.games,
				    st.games == 1 ? "" : "s", st.raw, st.plies,
				    st.plies == 1 ? "y" : "ies", st.blocks,
				    st.blocks == 1 ? "" : "s", st.bytes,
				    st.plies ? 8.0 * (double)st.bytes /
				    (double)st.plies : 0.0, st.plies ? 8.0 *
				    (double)st.move_bytes / (double)st.plies :
				    0.0, st.plies ? 8.0 * (double)st.head_bytes /
				    (double)st.plies : 0.0);
			if (o->oo->stats && st.pos_keys > 0)
				fprintf(stderr, "%s: position index: %llu "
				    "bytes for %llu positions (%.2f bits "
				    "each), %.3f bits per move\n", tool_name,
				    st.pos_bytes, st.pos_keys, 8.0 *
				    (double)st.pos_bytes / (double)st.pos_keys,
				    st.plies ? 8.0 * (double)st.pos_bytes /
				    (double)st.plies : 0.0);
		}
	} else if (o->oo->stats && !o->oo->report)
		fprintf(stderr, "%s: %llu game%s, %llu pl%s\n", tool_name,
		    o->games, o->games == 1 ? "" : "s", o->plies,
		    o->plies == 1 ? "y" : "ies");
	return rc;
}

int
write_failed(const struct out *o, const char *msg)
{
	if (!ferror(o->fp))
		tool_warn("%s", msg);
	return EXIT_IO;
}

/* Write one record; returns the exit status it calls for (an invalid
 * game was said by the stream: its status is the stream's). */
void
writer_list_lost(struct out *o, const char *name, unsigned long number)
{
	struct yote_record none;

	memset(&none, 0, sizeof(none));
	none.game = number;
	writer_put(o, name, &none, 0, 1);
}

/*
 * rec's ruleset file named from where it is written (writer_put).  An
 * archive carries the ruleset, so a game read from one is valid though
 * the file it names is gone: written elsewhere, it names a file that is
 * not there, and that is said (once a path).
 */
static int
rebase(struct out *o, const char *name, struct yote_record *rec)
{
	const struct yote_node *n;
	struct yote_error e;
	int rc;

	if ((rc = tool_rebase(&o->rebase, rec, name, o->oo->output,
	    o->oo->to == OUT_ARCHIVE)) == EXIT_IO)
		return EXIT_IO;
	if (rc != 1 || rec->embedded == NULL || o->oo->to == OUT_ARCHIVE ||
	    (n = yote_node_get(rec->root, "rules")) == NULL ||
	    strcmp(o->gone, n->text) == 0)
		return EXIT_OK;
	snprintf(o->gone, sizeof(o->gone), "%s", n->text);
	memset(&e, 0, sizeof(e));
	e.file = name;
	e.game = rec->game;
	e.line = n->line;
	e.col = n->col;
	snprintf(e.msg, sizeof(e.msg), "warning: ruleset file %s is gone: "
	    "the archive holds the ruleset, the games written name the "
	    "file as they did and cannot be played without it", n->text);
	tool_diag(&e);
	return EXIT_OK;
}

int
writer_put(struct out *o, const char *name, struct yote_record *rec,
    unsigned long plies, int invalid)
{
	struct yote_record numbered;
	struct yote_error e;
	int rc;

	yote_error_clear(&e);
	if (o->oo->list) {
		tool_put_text(o->fp, name, YOTE_ESC_FIELD);
		fprintf(o->fp, "\t%lu", rec->game);
		tool_put_field(o->fp, rec, "first", "?");
		tool_put_field(o->fp, rec, "second", "?");
		tool_put_field(o->fp, rec, "result", "*");
		fprintf(o->fp, "\t%lu", plies);
		tool_put_field(o->fp, rec, "date", "?");
		tool_put_field(o->fp, rec, "event", "?");
		if (o->ply >= 0)
			fprintf(o->fp, "\t%ld", o->ply);
		putc('\n', o->fp);
		o->games++;             /* the counts of -s: the games listed */
		o->plies += plies;
		return EXIT_OK;
	}
	if ((rc = rebase(o, name, rec)) != EXIT_OK)
		return rc;
	/* the stream has said what is wrong with an invalid game */
	switch (o->oo->to) {
	case OUT_YAML:
		if ((rc = yote_writer_put(o->yaml, rec)) == YOTE_ELIMIT) {
			o->left_out++;
			return tool_record_over(name, rec);
		}
		if (rc != 0)
			return write_failed(o, "write error");
		break;
	case OUT_LINES:
		/* the inputs are one collection: a line carries the game's
		 * number in all of them (the second input's first game after
		 * the first's last), as the same games written as YAML or
		 * an archive are numbered when read back */
		numbered = *rec;
		numbered.game = o->whole;
		rc = yote_lines_put(o->fp, &numbered, o->oo->lossy ?
		    YOTE_LINES_LOSSY : 0, &e);
		if (rc == YOTE_EIO)
			return write_failed(o, e.msg);
		if (rc != 0) {
			e.file = name;
			e.game = rec->game;
			tool_diag(&e);
			if (rc < 0) {
				o->left_out++;
				return EXIT_INVALID;
			}
		}
		break;
	default:
		rc = yote_archive_put(o->arc, rec, name, invalid ? NULL :
		    tool_stream_diag, NULL, &e);
		if (rc == YOTE_EILLEGAL) {
			o->left_out++;
			return EXIT_INVALID;
		}
		if (rc == YOTE_EIO)
			return write_failed(o, e.msg);
		if (rc < 0) {
			tool_warn("%s", e.msg);
			return tool_exit_for(rc);
		}
		/* a valid game the archive cannot rank (more moves than
		 * it ranks: said) is no invalid one */
		if (rc == 1 && !invalid) {
			o->games++;
			return EXIT_OK;
		}
		if (rc == 1) {
			memset(&e, 0, sizeof(e));
			e.file = name;
			e.game = rec->game;
			snprintf(e.msg, sizeof(e.msg), "kept as text "
			    "(--keep-invalid)");
			tool_diag(&e);
			o->games++;
			o->kept++;
			return EXIT_OK;
		}
		break;
	}
	o->games++;
	o->kept += invalid != 0;
	o->plies += plies;
	return EXIT_OK;
}

