// html.js - the script of a study page (src/html.c embeds it).
// Record text comes only from the JSON blocks and goes into the page only
// through textContent and setAttribute: never as markup.
(function () {
'use strict';
var SVGNS = 'http://www.w3.org/2000/svg';
var CLASSES = { inaccuracy: 'c1', mistake: 'c2', blunder: 'c3' };
var $ = function (id) { return document.getElementById(id); };
function el(tag, cls, text) {
	var e = document.createElement(tag);
	if (cls) e.className = cls;
	if (text !== undefined && text !== null) e.textContent = String(text);
	return e;
}
function sv(tag, attrs) {
	var e = document.createElementNS(SVGNS, tag);
	for (var k in attrs) e.setAttribute(k, attrs[k]);
	return e;
}
function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }

// Record text balanced: every embedding or override (U+202A, U+202B,
// U+202D, U+202E) it opens closed at its end by U+202C, every isolate
// (U+2066 to U+2068) by U+2069, and a closer that closes nothing dropped.
// An isolate left open in a <bdi> takes the <bdi>'s own end for its close
// and holds the rest of the line in its override ("Awa Diop\u202e\u2066"
// put the second name before the dash), so every text of a record goes
// into the page through here (cutText, short, long, iso), cut first.
var BIDI = /[\u202a-\u202e\u2066-\u2069]/g;
function bal(s) {
	var open = [], out = [], at = 0, m, c, k;
	if (s.search(BIDI) < 0) return s;
	BIDI.lastIndex = 0;
	while ((m = BIDI.exec(s)) !== null) {
		c = m[0];
		if (c === '\u202c' || c === '\u2069') {
			// a PDF closes the last embedding not past an isolate; a
			// PDI the last isolate, with the embeddings inside it
			k = c === '\u202c' ? (open.length && open[open.length - 1] === c ?
			    open.length - 1 : -1) : open.lastIndexOf(c);
			if (k < 0) {
				out.push(s.slice(at, m.index));
				at = m.index + 1;
				continue;
			}
			open.length = k;
		} else open.push(c <= '\u202e' ? '\u202c' : '\u2069');
	}
	out.push(s.slice(at));
	return out.join('') + open.reverse().join('');
}

// Record text on the page: isolated (<bdi>: a right-to-left override in
// a name reorders nothing around it), balanced (bal) and cut to max
// characters, the whole text one step away.  A long text without spaces
// is costly to lay out inside flexible boxes and tables, so only the cut
// part ever is, until asked for.
var CUT = 80, LONG = 300;
function cutText(s, max) {
	var n = max;
	if (s.length <= max) return bal(s);
	if (/[\ud800-\udbff]/.test(s.charAt(n - 1))) n--;
	return bal(s.slice(0, n)) + '\u2026';
}
// short: one line's worth, the whole text in the title (tooltip)
function short(s, max) {
	s = s === null || s === undefined ? '' : String(s);
	var b = el('bdi', null, cutText(s, max || CUT));
	if (s.length > (max || CUT)) b.title = bal(s);
	return b;
}
// long: a paragraph's worth, the whole text in a <details> below it
function long(s, max) {
	s = s === null || s === undefined ? '' : String(s);
	max = max || LONG;
	if (s.length <= max) return el('bdi', null, bal(s));
	var d = el('details', 'long'), sm = el('summary');
	sm.appendChild(el('bdi', null, cutText(s, max)));
	sm.appendChild(el('span', 'more', ' (' + s.length + ' characters: the whole text)'));
	d.appendChild(sm);
	var whole = el('div', 'whole');
	whole.appendChild(el('bdi', null, bal(s)));
	d.appendChild(whole);
	return d;
}
// for document.title and SVG text: isolated by FSI ... PDI
function iso(s, max) { return '\u2068' + cutText(String(s), max || CUT) + '\u2069'; }
// A sentence of texts and sides (0, 1: g.s, the ruleset's names of the
// sides, which the record's names are treated as): into element e, each
// name in a <bdi> and each text by put (a text node unless given); or
// without e as text, each name between U+2068 and U+2069 (an attribute).
function say(g, parts, e, put) {
	var side = function (x) { return typeof x === 'number'; };
	if (!e) return parts.map(function (x) { return side(x) ? iso(g.s[x]) : x; }).join('');
	parts.forEach(function (x) {
		e.appendChild(side(x) ? short(g.s[x]) : put ? put(x) : document.createTextNode(x));
	});
	return e;
}
function pairs(list, key) {
	for (var i = 0; list && i < list.length; i++)
		if (list[i][0] === key) return list[i][1];
	return null;
}

var index = JSON.parse($('index').textContent);
var games = {}, protos = {};
function game(i) {
	if (!games[i]) games[i] = JSON.parse($('g' + i).textContent);
	return games[i];
}

// The board template of html.c: draw_svg's picture with one of each
// thing to copy (pieces on squares 0 and 1 or 0 and width, a hand piece
// of each side, a capture's highlight, line and cross).
function proto(t) {
	if (protos[t]) return protos[t];
	var svg = $('t' + t).content.querySelector('svg').cloneNode(true);
	var P = { svg: svg, c: [] }, i;
	var dots = svg.querySelectorAll('.points circle');
	for (i = 0; i < dots.length; i++)
		P.c.push([+dots[i].getAttribute('cx'), +dots[i].getAttribute('cy')]);
	var marks = svg.querySelectorAll('.points rect');
	P.mark = marks[0];
	for (i = 0; i < marks.length; i++) marks[i].remove();
	P.line = svg.querySelector('.last-move');
	if (P.line) P.line.remove();
	P.cross = svg.querySelector('.removed path');
	var pc = svg.querySelectorAll('.pieces circle');
	P.piece = [pc[0], pc[1]];
	var hc = svg.querySelectorAll('.hands circle');
	P.hand = [hc[0], hc[1]];
	for (i = 0; i < pc.length; i++) pc[i].remove();
	for (i = 0; i < hc.length; i++) hc[i].remove();
	if (P.cross) {
		var d = P.cross.getAttribute('d').match(/-?\d+/g);
		P.crossC = [+d[0] + 12, +d[1] + 12];
		P.cross.remove();
	}
	P.w = +svg.getAttribute('width');
	P.margin = +svg.querySelector('.hands text').getAttribute('x');
	svg.removeAttribute('width');
	svg.removeAttribute('height');
	svg.setAttribute('aria-hidden', 'true');
	svg.setAttribute('focusable', 'false');
	protos[t] = P;
	return P;
}

// A position string: pieces by square (0, 1, or -1), hands, side.
function parse(pos, w) {
	var f = pos.split(' '), rows = f[0].split('/'), b = [], n = [0, 0];
	for (var t = 0; t < rows.length; t++) {
		var row = rows.length - 1 - t, col = 0, m, re = /(\d+)|([xo])/g;
		while ((m = re.exec(rows[t])) !== null) {
			if (m[1]) { col += +m[1]; continue; }
			var s = m[2] === 'x' ? 0 : 1;
			b[row * w + col] = s;
			n[s]++;
			col++;
		}
	}
	return { b: b, n: n, side: f[1] === 'x' ? 0 : 1, hand: [+f[2], +f[3]],
	    since: +f[4], ply: +f[5], h: rows.length };
}

// q as a position string (the library's form).
function posText(q, w) {
	var rows = [];
	for (var r = q.h - 1; r >= 0; r--) {
		var s = '', run = 0;
		for (var c = 0; c < w; c++) {
			var v = q.b[r * w + c];
			if (v === undefined) { run++; continue; }
			if (run) s += run;
			run = 0;
			s += v ? 'o' : 'x';
		}
		rows.push(run ? s + run : s);
	}
	return rows.join('/') + ' ' + (q.side ? 'o' : 'x') + ' ' + q.hand[0] +
	    ' ' + q.hand[1] + ' ' + q.since + ' ' + q.ply;
}

function sqOf(t, w) { return t.charCodeAt(0) - 97 + (parseInt(t.slice(1), 10) - 1) * w; }

// The squares a move's text goes through (not its bonus removals).
function pathOf(mv, w) {
	var t = mv.match(/[a-z]\d+|[-x+@]/g), path = [sqOf(t[0], w)];
	for (var i = 1; i + 1 < t.length; i += 2)
		if (t[i] !== '+') path.push(sqOf(t[i + 1], w));
	return path;
}

// Move mv (as the record's moves list writes it, legal: html.c played
// it) played on q, as notation.md reads it: a placement takes a piece
// from the hand; a jump over an enemy piece (x) removes it, a bonus (+)
// removes a piece from the board or the hand (@).  Returns the position
// after it and the board's step [move, position, path, removed].
function playOn(q, mv, w) {
	var t = mv.match(/[a-z]\d+|[-x+@]/g), me = q.side;
	var b = q.b.slice(), hand = q.hand.slice(), at = sqOf(t[0], w);
	var path = [at], gone = [], cap = false, i, to;
	if (t.length === 1) {
		b[at] = me;
		hand[me]--;
	} else {
		b[at] = undefined;
		for (i = 1; i + 1 < t.length; i += 2) {
			if (t[i] === '+') {
				if (t[i + 1] === '@') hand[1 - me]--;
				else { to = sqOf(t[i + 1], w); b[to] = undefined; gone.push(to); }
				continue;
			}
			to = sqOf(t[i + 1], w);
			if (t[i] === 'x') {
				b[(at + to) / 2] = undefined;
				gone.push((at + to) / 2);
				cap = true;
			}
			at = to;
			path.push(to);
		}
		b[at] = me;
	}
	var n = { b: b, side: 1 - me, hand: hand, since: cap ? 0 : q.since + 1,
	    ply: q.ply + 1, h: q.h };
	var pos = posText(n, w);
	gone.sort(function (x, y) { return x - y; });
	return { q: n, step: [mv, pos, path, gone] };
}

// Position i of g (0: the start): played out from the position html.c
// gives every g.K plies, a block of g.K positions at a time, kept.
function posAt(g, i) {
	var b = Math.floor(i / g.K), B;
	if (!g.B) g.B = [];
	if (!(B = g.B[b])) {
		B = g.B[b] = [b ? g.k[b - 1] : g.p0];
		var q = parse(B[0], g.w);
		for (var j = b * g.K + 1; j < (b + 1) * g.K && j <= g.m.length; j++) {
			var r = playOn(q, g.m[j - 1], g.w);
			q = r.q;
			B.push(r.step[1]);
		}
	}
	return B[i - b * g.K];
}
// ply i as the board marks it: [move, position after, path, removed]
function stepOf(g, i) { return i > 0 ? playOn(parse(posAt(g, i - 1), g.w), g.m[i - 1], g.w).step : null; }
function plies(g) { return g.m.length; }

function move(P, e, from, to) {
	e.setAttribute('transform', 'translate(' + (to[0] - from[0]) + ' ' +
	    (to[1] - from[1]) + ')');
	return e;
}

// The board of g at pos, the move step (["m",pos,[path],[removed]]) or
// null marked; flipped turns it round; best (a move's text, or null)
// drawn as an arrow along its path (a ring where it places).
function board(g, pos, step, flipped, best) {
	var P = proto(g.t), svg = P.svg.cloneNode(true), q = parse(pos, g.w);
	var N = P.c.length, i, s;
	var at = function (sq) { return P.c[flipped ? N - 1 - sq : sq]; };
	var dots = svg.querySelectorAll('.points circle');
	if (flipped) {
		var co = svg.querySelectorAll('.coordinates text');
		var labels = [];
		for (i = 0; i < co.length; i++) labels.push(co[i].textContent);
		var h = N / g.w;
		for (i = 0; i < g.w; i++) co[i].textContent = labels[g.w - 1 - i];
		for (i = 0; i < h; i++)
			co[g.w + i].textContent = labels[g.w + h - 1 - i];
	}
	if (step) {
		var path = step[2], pts = [];
		for (i = 0; i < path.length; i++) {
			var sq = flipped ? N - 1 - path[i] : path[i];
			svg.querySelector('.points').insertBefore(
			    move(P, P.mark.cloneNode(true), P.c[0], P.c[sq]), dots[sq]);
			pts.push(at(path[i]).join(','));
		}
		if (path.length > 1 && P.line) {
			var l = P.line.cloneNode(true);
			l.setAttribute('points', pts.join(' '));
			svg.insertBefore(l, svg.querySelector('.removed'));
		}
		for (i = 0; i < step[3].length && P.crossC; i++)
			svg.querySelector('.removed').appendChild(move(P,
			    P.cross.cloneNode(true), P.crossC, at(step[3][i])));
	}
	var pieces = svg.querySelector('.pieces');
	for (s = 0; s < N; s++)
		if (q.b[s] !== undefined) {
			var c = P.piece[q.b[s]].cloneNode(true);
			c.setAttribute('cx', at(s)[0]);
			c.setAttribute('cy', at(s)[1]);
			pieces.appendChild(c);
		}
	var hands = svg.querySelector('.hands'), texts = hands.querySelectorAll('text');
	for (s = 0; s < 2; s++) {
		var cap = g.pc - q.n[1 - s] - q.hand[1 - s];
		texts[s].textContent = iso(g.s[s]) + (q.side === s ? ' (to move)' : '') +
		    ': ' + q.hand[s] + ' in hand, ' + cap + ' captured';
		var st = q.hand[s] > 0 ? Math.floor((P.w - 2 * P.margin - 16) / q.hand[s]) : 0;
		if (st > 16) st = 16;
		for (var k = 0; k < q.hand[s]; k++) {
			var hc = P.hand[s].cloneNode(true);
			hc.setAttribute('cx', P.margin + 8 + k * st);
			hands.appendChild(hc);
		}
	}
	if (best) arrow(svg, best, g.w, at);
	return svg;
}

// The best move on the board: a green arrow along its path.
function arrow(svg, mv, w, at) {
	var path = pathOf(mv, w), gr = sv('g', { 'class': 'best' });
	var pt = path.map(function (sq) { return at(sq); });
	if (pt.length === 1) {
		gr.appendChild(sv('circle', { cx: pt[0][0], cy: pt[0][1], r: 22 }));
	} else {
		var a = pt[pt.length - 2], z = pt[pt.length - 1];
		var dx = z[0] - a[0], dy = z[1] - a[1], l = Math.sqrt(dx * dx + dy * dy) || 1;
		var ux = dx / l, uy = dy / l, tip = [z[0] - ux * 6, z[1] - uy * 6];
		var base = [tip[0] - ux * 18, tip[1] - uy * 18];
		var line = pt.slice(0, -1).concat([base]);
		gr.appendChild(sv('polyline', { points: line.map(function (p) { return p.join(','); }).join(' ') }));
		gr.appendChild(sv('polygon', { points: [tip, [base[0] - uy * 11, base[1] + ux * 11],
		    [base[0] + uy * 11, base[1] - ux * 11]].map(function (p) {
			return p[0].toFixed(1) + ',' + p[1].toFixed(1); }).join(' ') }));
	}
	var t = sv('title', {});
	t.textContent = 'best: ' + mv;
	gr.appendChild(t);
	svg.appendChild(gr);
}

// ------------------------------------------------------------ state

var cur = { g: 0, p: 0, line: null, flip: false };
var PAGE = 200;         // plies the move list shows, around the ply shown
var EDGE = 20;          // ... made again when that comes so near an end

function notes(g, i) { return g.o && g.o[i] ? g.o[i] : null; }
function note(g, i, key) { var o = notes(g, i); return o ? pairs(o.k, key) : null; }
function sideBefore(g, i) { return posAt(g, i - 1).split(' ')[1] === 'x' ? 0 : 1; }
// the best move of a graded ply, when it is not the one played
function bestOf(g, i) {
	var b = note(g, i, 'best');
	return i > 0 && note(g, i, 'class') && b && b !== g.m[i - 1] &&
	    /^[a-z]\d+([-x][a-z]\d+(\+([a-z]\d+|@))?)*$/.test(b) ? b : null;
}

// ply i in words, for say
function label(g, i) {
	return i === 0 ? ['Start position'] : ['After ply ' + i + ', ',
	    sideBefore(g, i), ' ' + g.m[i - 1]];
}

function showBoard() {
	var g = game(cur.g), pos, step, text, best = null;
	if (cur.line) {
		var L = cur.line;
		pos = L.at > 0 ? L.steps[L.at - 1][1] : posAt(g, L.ply - 1);
		step = L.at > 0 ? L.steps[L.at - 1] : stepOf(g, L.ply - 1);
		text = ['Line from ply ' + L.ply + ', ' + (L.at > 0 ? 'move ' + L.at +
		    ' of ' + L.steps.length + ', ' + step[0] : 'before ' + g.m[L.ply - 1])];
	} else {
		pos = posAt(g, cur.p);
		step = stepOf(g, cur.p);
		text = label(g, cur.p);
		best = bestOf(g, cur.p);
		if (best) text.push(' (best was ' + best + ', the arrow)');
	}
	var f = $('board');
	f.setAttribute('data-position', pos);
	f.setAttribute('data-flipped', cur.flip ? '1' : '0');
	if (best) f.setAttribute('data-best', best);
	else f.removeAttribute('data-best');
	f.setAttribute('aria-label', say(g, text) + ': ' + pos);
	clear($('svg'));
	$('svg').appendChild(board(g, pos, step, cur.flip, best));
	clear($('pos'));
	say(g, text.concat([' \u2014 ' + pos]), $('pos'));
}

function showNote() {
	var g = game(cur.g), box = $('note'), o = notes(g, cur.p);
	clear(box);
	$('b-exit').hidden = !cur.line;
	if (!o || cur.p === 0) return;
	var cls = note(g, cur.p, 'class'), nag = note(g, cur.p, 'nag');
	var h = el('p', 'head');
	h.appendChild(el('strong', null, cur.p + '. ' + g.m[cur.p - 1]));
	if (nag) h.appendChild(short(nag, 8));
	if (cls) h.appendChild(el('span', 'cls ' + (CLASSES[cls] || ''), ' ' + cutText(cls, CUT)));
	box.appendChild(h);
	var dl = el('dl');
	for (var i = 0; i < o.k.length; i++) {
		var k = o.k[i][0];
		if (k === 'class' || k === 'nag' || k === 'comment') continue;
		dl.appendChild(el('dt')).appendChild(short(k));
		dl.appendChild(el('dd')).appendChild(long(o.k[i][1]));
	}
	box.appendChild(dl);
	var c = note(g, cur.p, 'comment');
	if (c !== null) box.appendChild(el('p', 'comment')).appendChild(long(c));
	if (o.pv && o.pv.length) {
		var p = el('p', 'pv'), ply = cur.p;
		p.appendChild(el('span', null, 'Line: '));
		o.pv.forEach(function (st, j) {
			var b = el('button', 'mv', st[0]);
			b.setAttribute('aria-label', 'Line move ' + (j + 1) + ': ' + st[0]);
			if (cur.line && cur.line.at === j + 1) b.className += ' on';
			b.onclick = function () { enterLine(ply, j + 1); };
			p.appendChild(b);
		});
		box.appendChild(p);
	}
}

function enterLine(ply, at) {
	var g = game(cur.g);
	cur.p = ply;
	cur.line = { ply: ply, steps: g.o[ply].pv, at: at };
	update();
}

// Item scrolled into view in box, a scroll box (where it is one: not on
// a phone's page), below the top pixels of it that a sticky header hides.
function reveal(box, item, top) {
	if (!item || box.scrollHeight <= box.clientHeight) return;
	var b = box.getBoundingClientRect(), r = item.getBoundingClientRect();
	var from = b.top + box.clientTop + (top || 0), to = b.top + box.clientTop + box.clientHeight;
	if (r.top < from) box.scrollTop -= from - r.top;
	else if (r.bottom > to) box.scrollTop += Math.min(r.bottom - to, r.top - from);
}

function update() {
	var g = game(cur.g), n = plies(g), shown = null;
	// the list around the ply shown, until it comes within EDGE plies
	// of an end of the list that is not the game's
	if (cur.p < (cur.lo ? cur.lo + EDGE : 0) || cur.p > (cur.hi < n ? cur.hi - EDGE : n))
		moveList(g);
	var items = $('moves').querySelectorAll('button.mv[data-ply]');
	for (var i = 0; i < items.length; i++) {
		var on = +items[i].getAttribute('data-ply') === cur.p;
		items[i].classList.toggle('on', on);
		if (on) items[i].setAttribute('aria-current', 'step');
		else items[i].removeAttribute('aria-current');
		if (on) shown = items[i];
	}
	showBoard();
	showNote();
	chartCursor(g);
	reveal($('moves'), shown);
	try {
		history.replaceState(null, '', '#g' + cur.g + 'p' + cur.p +
		    (cur.line ? 'v' + cur.line.at : '') + (cur.flip ? 'f' : ''));
	} catch (e) { /* some browsers refuse it on file: pages */ }
}

function go(p) {
	var g = game(cur.g);
	if (cur.line) {
		var L = cur.line;
		if (p === 'next' && L.at < L.steps.length) L.at++;
		else if (p === 'prev' && L.at > 0) L.at--;
		else if (p === 'prev' || p === 'first' || p === 'exit') cur.line = null;
		else if (p === 'last') L.at = L.steps.length;
		return update();
	}
	var n = plies(g);
	cur.p = p === 'first' ? 0 : p === 'last' ? n : p === 'next' ?
	    Math.min(n, cur.p + 1) : p === 'prev' ? Math.max(0, cur.p - 1) :
	    typeof p === 'number' ? Math.max(0, Math.min(n, p)) : cur.p;
	update();
}

// ------------------------------------------------------------ a game

function header(g) {
	var h = function (k) { return pairs(g.h, k); };
	var f = h('first') || '?', s = h('second') || '?', t = $('title');
	clear(t);
	t.appendChild(short(f));
	t.appendChild(document.createTextNode(' \u2013 '));
	t.appendChild(short(s));
	document.title = iso(f) + ' \u2013 ' + iso(s) + ' (Yot\u00e9)';
	var meta = [h('event'), h('round') !== null ? 'round ' + h('round') : null,
	    h('date'), h('site'), g.r].filter(function (x) { return x; });
	var src = index[cur.g - 1][9];
	clear($('meta'));
	meta.forEach(function (x, j) {
		if (j) $('meta').appendChild(document.createTextNode(', '));
		$('meta').appendChild(short(x));
	});
	if (src) {
		var fr = $('meta').appendChild(el('span', 'from', (meta.length ? '; ' : '') +
		    'game ' + src[1] + ' of '));
		fr.appendChild(short(src[0]));
	}
	var dl = $('info');
	clear(dl);
	var add = function (k, v) {
		var dt = dl.appendChild(el('dt'));
		if (typeof k === 'string') dt.appendChild(short(k));
		else say(g, k, dt);
		dl.appendChild(el('dd')).appendChild(long(v));
	};
	add('Rules', g.r);
	add([0, ' (first)'], f);
	add([1, ' (second)'], s);
	for (var i = 0; i < g.h.length; i++)
		if (['first', 'second', 'rules'].indexOf(g.h[i][0]) < 0)
			add(g.h[i][0], g.h[i][1]);
	var e = $('ending'), why = index[cur.g - 1][8];
	clear(e);
	say(g, g.end, e, long);
	if (why) {
		e.appendChild(document.createTextNode(' '));
		e.appendChild(el('span', 'bad', 'Invalid record: ')).appendChild(long(why));
	}
}

// The move list around cur.p: PAGE plies, the ply shown in the middle
// (as near as the game's ends let it), so that a long game makes a few
// hundred elements, not one a ply; cur.lo and cur.hi the plies after
// which it starts (0: at the start position) and with which it ends.
function moveList(g) {
	var ol = $('moves'), n = plies(g);
	var lo = Math.max(0, Math.min(cur.p - PAGE / 2, n - PAGE));
	var hi = Math.min(n, lo + PAGE);
	cur.lo = lo;
	cur.hi = hi;
	clear(ol);
	var li = el('li', 'start'), b0;
	if (lo === 0) {
		b0 = el('button', 'mv', 'Start');
		b0.setAttribute('data-ply', 0);
		b0.onclick = function () { cur.line = null; go(0); };
	} else {
		b0 = el('button', 'mv page', '\u2039 plies 1\u2013' + lo);
		b0.onclick = function () { cur.line = null; go(lo); };
	}
	ol.appendChild(li).appendChild(b0);
	for (var i = lo + 1; i <= hi; i++) ol.appendChild(moveItem(g, i));
	for (i = lo + 1; i <= hi; i++) {
		var c = note(g, i, 'comment');
		if (c !== null || note(g, i, 'clock') !== null)
			ol.querySelector('li[data-ply="' + i + '"]').after(comment(g, i, c));
	}
	if (hi < n) {
		var b = el('button', 'mv page', 'plies ' + (hi + 1) + '\u2013' + n + ' \u203a');
		b.onclick = function () { cur.line = null; go(hi + 1); };
		ol.appendChild(el('li', 'start')).appendChild(b);
	}
}

function moveItem(g, i) {
	var m = g.m[i - 1], li = el('li', 's' + sideBefore(g, i)), b = el('button', 'mv');
	var cls = note(g, i, 'class'), nag = note(g, i, 'nag'), ev = note(g, i, 'eval');
	li.setAttribute('data-ply', i);
	b.setAttribute('data-ply', i);
	b.appendChild(el('span', 'no', i + '.'));
	b.appendChild(document.createTextNode(' ' + m));
	if (nag) b.appendChild(el('span', 'nag ' + (CLASSES[cls] || ''))).appendChild(short(nag, 8));
	if (ev !== null) b.appendChild(el('span', 'ev')).appendChild(short(ev, 12));
	b.setAttribute('aria-label', 'Ply ' + i + ', ' + m + (cls ? ', ' + cutText(cls, CUT) : '') +
	    (ev !== null ? ', evaluation ' + cutText(ev, 12) : ''));
	b.onclick = function () { cur.line = null; go(i); };
	li.appendChild(b);
	return li;
}

function comment(g, i, c) {
	var ci = el('li', 'cmt'), clk = note(g, i, 'clock');
	if (clk !== null) ci.appendChild(el('span', 'clock')).appendChild(short(clk, 20));
	if (c !== null) ci.appendChild(long(c));
	return ci;
}

// The evaluation curve: the first side's chance to win after each ply,
// from 0 to 100 %, against the ply; at most about 1000 points drawn.
var CH = { W: 640, H: 170, L: 46, R: 10, T: 10, B: 40 };
function chart(g) {
	var box = $('chart');
	clear(box);
	if (!g.e) return;
	var n = g.e.length, pw = CH.W - CH.L - CH.R, ph = CH.H - CH.T - CH.B;
	var X = function (ply) { return CH.L + ply * pw / Math.max(1, n); };
	var Y = function (v) { return CH.T + ph - v * ph / 100; };
	var svg = sv('svg', { viewBox: '0 0 ' + CH.W + ' ' + CH.H, role: 'img',
	    'aria-label': 'Evaluation curve: ' + iso(g.s[0]) + '\'s chance to win (0 to 100 %) after each ply (0 to ' + n + ')' });
	svg.appendChild(sv('rect', { x: CH.L, y: CH.T, width: pw, height: ph, 'class': 'bg' }));
	svg.appendChild(sv('line', { x1: CH.L, x2: CH.L + pw, y1: Y(50), y2: Y(50), 'class': 'mid' }));
	var txt = function (x, y, s, cls, anchor) {
		var t = sv('text', { x: x, y: y, 'class': cls, 'text-anchor': anchor || 'middle' });
		t.textContent = s;
		svg.appendChild(t);
	};
	[0, 50, 100].forEach(function (v) { txt(CH.L - 4, Y(v) + 4, v + '%', 'tick', 'end'); });
	// the plies 0, the middle and the last (yote-analyze --graph labels
	// its chart alike, evalgraph.c), each centred under its ply or, where
	// it would reach past the picture (about 0.7 em a character), aligned
	// to its edge: "1602" under a long game's last ply lost its "2"
	var ticks = [0, Math.round(n / 2), n].filter(function (v, j, a) { return a.indexOf(v) === j; });
	ticks.forEach(function (v) {
		var x = X(v), half = 0.35 * 11 * String(v).length, y = CH.T + ph + 14;
		if (x + half > CH.W - 2) txt(CH.W - 2, y, v, 'tick', 'end');
		else if (x - half < 2) txt(2, y, v, 'tick', 'start');
		else txt(x, y, v, 'tick');
	});
	txt(CH.L + pw / 2, CH.H - 4, 'ply', 'axis');
	var yl = sv('text', { x: 12, y: CH.T + ph / 2, 'class': 'axis', 'text-anchor': 'middle',
	    transform: 'rotate(-90 12 ' + (CH.T + ph / 2) + ')' });
	yl.textContent = 'win %, ' + iso(g.s[0], 12);
	svg.appendChild(yl);
	var pts = [], marks = [], every = Math.max(1, Math.ceil(n / 1000));
	g.e.forEach(function (v, j) {
		if (v === null) return;
		var x = X(j + 1).toFixed(1), y = Y(v).toFixed(1);
		if ((j + 1) % every === 0 || j === n - 1) pts.push(x + ',' + y);
		var cls = note(g, j + 1, 'class');
		if (CLASSES[cls] && marks.length < 2000) marks.push(sv('circle', { cx: x, cy: y,
		    r: 4, 'class': 'mk ' + CLASSES[cls] }));
	});
	svg.appendChild(sv('polyline', { points: X(0) + ',' + Y(g.e0 == null ? 50 : g.e0) + ' ' + pts.join(' '), 'class': 'curve' }));
	marks.forEach(function (m) { svg.appendChild(m); });
	svg.appendChild(sv('line', { id: 'cursor', y1: CH.T, y2: CH.T + ph }));
	svg.addEventListener('click', function (ev) {
		var r = svg.getBoundingClientRect();
		var x = (ev.clientX - r.left) / r.width * CH.W;
		cur.line = null;
		go(Math.round((x - CH.L) / pw * n));
	});
	box.appendChild(svg);
	// the y axis's label, about its middle, pressed into the picture's
	// height where a wide side's name makes it longer (as laid out)
	var room = 2 * (CH.T + ph / 2) - 4;
	if (yl.getComputedTextLength() > room) {
		yl.setAttribute('textLength', room);
		yl.setAttribute('lengthAdjust', 'spacingAndGlyphs');
	}
}

function chartCursor(g) {
	var c = $('cursor');
	if (!c || !g.e) return;
	var x = CH.L + cur.p * (CH.W - CH.L - CH.R) / Math.max(1, g.e.length);
	c.setAttribute('x1', x);
	c.setAttribute('x2', x);
}

function stats(g) {
	var box = $('stats');
	clear(box);
	if (!g.first && !g.second) return;
	var t = el('table'), cols = (g.first || g.second).map(function (p) { return p[0]; });
	t.appendChild(el('caption', null, 'Analysis' + (pairs(g.a, 'engine') ?
	    ' (' + cutText(pairs(g.a, 'engine'), CUT) + ')' : '')));
	var tr = el('tr');
	tr.appendChild(el('th', null, 'side'));
	cols.forEach(function (c) { tr.appendChild(el('th')).appendChild(short(c, 20)); });
	t.appendChild(tr);
	[['first', 0], ['second', 1]].forEach(function (sd) {
		if (!g[sd[0]]) return;
		var r = el('tr'), th = say(g, [sd[1], ' ('], el('th'));
		r.className = 'side-' + sd[0];
		th.appendChild(short(pairs(g.h, sd[0]) || sd[0], 24));
		th.appendChild(document.createTextNode(')'));
		r.appendChild(th);
		cols.forEach(function (c) { r.appendChild(el('td')).appendChild(short(pairs(g[sd[0]], c), 20)); });
		t.appendChild(r);
	});
	box.appendChild(t);
}

// How many plies the print view shows (counted up to 65).
function printed(g) {
	var n = 0;
	for (var i in g.o || {})
		if ((note(g, +i, 'comment') !== null || note(g, +i, 'class')) && ++n > 64) break;
	return n;
}

// Print: a diagram of every annotated ply, with its comment; made when
// the game opens, or for a long annotated game only when it is printed.
function printView(g) {
	var box = $('print');
	clear(box);
	for (var i = 1; i <= plies(g); i++) {
		var c = note(g, i, 'comment'), cls = note(g, i, 'class');
		if (c === null && !cls) continue;
		var f = el('figure', 'diagram'), b = bestOf(g, i);
		f.setAttribute('role', 'img');
		f.setAttribute('aria-label', say(g, label(g, i)) + ': ' + posAt(g, i));
		f.appendChild(board(g, posAt(g, i), stepOf(g, i), false, b));
		var cap = el('figcaption', null, i + '. ' + g.m[i - 1] + cutText(note(g, i, 'nag') || '', 8) +
		    (cls ? ' (' + cutText(cls, CUT) + ')' : '') + (b ? ', best ' + b : '') +
		    (c !== null ? ' \u2014 ' + cutText(c, LONG) : ''));
		f.appendChild(cap);
		f.appendChild(el('p', 'fen', posAt(g, i)));
		box.appendChild(f);
	}
	box.setAttribute('data-game', cur.g);
}

function open(i, p) {
	var asked = i;
	if (i < 1 || i > index.length) i = 1;
	var g = game(i), rows;
	// an address for a game the page has not (#g5p3 on a page of 2)
	if (!$('missing')) {
		var miss = el('p', 'bad');
		miss.id = 'missing';
		miss.setAttribute('role', 'alert');
		$('meta').after(miss);
	}
	// and a ply past the game's end (#g1p999 of a game of 40 plies)
	var past = asked === i && p > plies(g);
	$('missing').textContent = asked !== i ? 'This page has no game ' + asked +
	    ' (its games are numbered 1 to ' + index.length + ' in its order); game ' + i +
	    ' is shown.' : past ? 'Game ' + i + ' has no ply ' + p + ' (it has ' +
	    plies(g) + '); its last position is shown.' : '';
	$('missing').hidden = asked === i && !past;
	if (i - 1 < listed[0] || i - 1 >= listed[1]) gameList(i - 1);
	rows = $('games').querySelectorAll('tr[data-g]');
	for (var k = 0; k < rows.length; k++)
		if (+rows[k].getAttribute('data-g') === i) rows[k].setAttribute('aria-current', 'true');
		else rows[k].removeAttribute('aria-current');
	reveal($('list'), $('games').querySelector('tr[aria-current]'),
	    $('list').querySelector('thead').offsetHeight);
	if (cur.g !== i) {
		cur.g = i;
		cur.lo = 1;
		cur.hi = 0;
		header(g);
		chart(g);
		stats(g);
		clear($('print'));
		if (printed(g) <= 64) printView(g);
	}
	cur.line = null;
	go(p);
}

function listRow(e, j) {
	var tr = el('tr'), a = el('a');
	tr.setAttribute('data-g', j + 1);
	a.appendChild(short(e[1] || '?', 40));
	a.appendChild(document.createTextNode(' \u2013 '));
	a.appendChild(short(e[2] || '?', 40));
	a.href = '#g' + (j + 1) + 'p0';
	a.onclick = function (ev) { ev.preventDefault(); open(j + 1, 0); };
	var no = tr.appendChild(el('td', null, e[0]));
	// where it came from (html.c gives it when that is not the page's
	// order of one file): its file's name and its number there
	if (e[9]) {
		var fr = no.appendChild(el('small', 'from'));
		fr.appendChild(short(String(e[9][0]).replace(/^.*\//, ''), 24));
		fr.appendChild(document.createTextNode(' ' + e[9][1]));
		fr.title = 'game ' + e[9][1] + ' of ' + bal(String(e[9][0]));
	}
	tr.appendChild(el('td')).appendChild(a);
	for (var k = 3; k <= 7; k++) tr.appendChild(el('td')).appendChild(short(e[k], 40));
	if (e[8]) {
		tr.className = 'invalid';
		var bad = el('span', 'bad', ' invalid: ');
		bad.appendChild(short(e[8], 60));
		tr.cells[5].appendChild(bad);
	}
	return tr;
}

// A row with a button that shows the games from..to (0-based, to
// excluded) of the list.
function listMore(from, to, at) {
	var tr = el('tr', 'more'), td = el('td'), b = el('button', null,
	    'Games ' + (from + 1) + '\u2013' + to + ' of ' + index.length);
	b.type = 'button';
	b.onclick = function () { gameList(at); };
	td.colSpan = 7;
	td.appendChild(b);
	tr.appendChild(td);
	return tr;
}

// The game list, LIST rows at a time around game `at` (0-based), the
// others a button away: a page of 20,000 games took 40 s to open with
// every row made at once, 0.7 s with 200.
var LIST = 200, listed = [0, 0];
function gameList(at) {
	var tb = $('games'), lo = Math.max(0, Math.min(at - LIST / 2, index.length - LIST)),
	    hi = Math.min(index.length, lo + LIST);
	clear(tb);
	if (lo > 0) tb.appendChild(listMore(Math.max(0, lo - LIST), lo, lo - LIST / 2));
	for (var j = lo; j < hi; j++) tb.appendChild(listRow(index[j], j));
	if (hi < index.length)
		tb.appendChild(listMore(hi, Math.min(index.length, hi + LIST), hi + LIST / 2));
	listed = [lo, hi];
	$('list').hidden = index.length < 2;
}

function fromHash() {
	var m = /^#g(\d+)(?:p(\d+)(?:v(\d+))?)?(f?)$/.exec(location.hash), g;
	if (!m) {
		if (cur.g === 0) open(1, 0);
		return;
	}
	cur.flip = m[4] === 'f';        /* #g3p17f: the board turned round */
	open(+m[1], m[2] !== undefined ? +m[2] : 0);
	g = game(cur.g);
	if (m[3] !== undefined && g.o && g.o[cur.p] && g.o[cur.p].pv)
		enterLine(cur.p, Math.min(+m[3], g.o[cur.p].pv.length));
}

// #test-all: every game's every ply as the board shows it, into the page.
function testAll() {
	var out = el('pre');
	out.id = 'test-out';
	var lines = [];
	for (var i = 1; i <= index.length; i++) {
		open(i, 0);
		for (var p = 0; p <= plies(game(i)); p++) {
			go(p);
			lines.push(i + '\t' + p + '\t' + $('board').getAttribute('data-position'));
		}
	}
	out.textContent = lines.join('\n') + '\n';
	document.body.appendChild(out);
}

if (!index.length) {
	$('study').hidden = true;
	$('title').textContent = 'No games';
	return;
}
gameList(0);
$('b-first').onclick = function () { go('first'); };
$('b-prev').onclick = function () { go('prev'); };
$('b-next').onclick = function () { go('next'); };
$('b-last').onclick = function () { go('last'); };
$('b-exit').onclick = function () { go('exit'); };
$('b-flip').onclick = function () { cur.flip = !cur.flip; update(); };
window.addEventListener('beforeprint', function () {
	if (+$('print').getAttribute('data-game') !== cur.g) printView(game(cur.g));
});
document.addEventListener('keydown', function (ev) {
	if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
	var k = ev.key;
	if (k === 'ArrowLeft') go('prev');
	else if (k === 'ArrowRight') go('next');
	else if (k === 'Home') go('first');
	else if (k === 'End') go('last');
	else if (k === 'Escape') go('exit');
	else if (k === 'ArrowUp' && cur.g > 1) open(cur.g - 1, 0);
	else if (k === 'ArrowDown' && cur.g < index.length) open(cur.g + 1, 0);
	else if (k === 'f') { cur.flip = !cur.flip; update(); }
	else return;
	ev.preventDefault();
});
if (location.hash === '#test-all') testAll();
else {
	fromHash();
	window.addEventListener('hashchange', fromHash);
}
})();
