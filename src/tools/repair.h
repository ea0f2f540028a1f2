/*
 * repair.h - yote-validate --suggest: the edits that would make an
 * invalid game valid (yote_record_repair), printed one a line or as JSON
 * objects.  Tool support, not libyote.
 */
#ifndef YOTE_TOOL_REPAIR_H
#define YOTE_TOOL_REPAIR_H

#include <stdio.h>

#include "yote.h"

/*
 * For game g, judged invalid: its best edits (max at most) on out, as
 * text lines or (json) JSON objects; a line saying none was found when
 * its moves are broken and no one edit mends them; nothing when its
 * problem is not in the moves.  0, or YOTE_ENOMEM.
 */
int repair_print(FILE *out, int json, size_t max,
    const struct yote_stream_game *g);

#endif
