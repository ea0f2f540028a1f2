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
	return { b: b, n: n, side: f[1] === 'x' ? 0 : 1, hand: [+f[2], +f[3]] };
}

function move(P, e, from, to) {
	e.setAttribute('transform', 'translate(' + (to[0] - from[0]) + ' ' +
	    (to[1] - from[1]) + ')');
	return e;
}

// The board of g at pos, the move step (["m",pos,[path],[removed]]) or
// null marked; flipped turns it round.
function board(g, pos, step, flipped) {
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
		texts[s].textContent = g.s[s] + (q.side === s ? ' (to move)' : '') +
		    ': ' + q.hand[s] + ' in hand, ' + cap + ' captured';
		var st = q.hand[s] > 0 ? Math.floor((P.w - 2 * P.margin - 16) / q.hand[s]) : 0;
		if (st > 16) st = 16;
		for (var k = 0; k < q.hand[s]; k++) {
			var hc = P.hand[s].cloneNode(true);
			hc.setAttribute('cx', P.margin + 8 + k * st);
			hands.appendChild(hc);
		}
	}
	return svg;
}

// ------------------------------------------------------------ state

var cur = { g: 0, p: 0, line: null, flip: false };

// a ply as a line's step: [move, position after, path, removed]
function stepOf(g, i) {
	return i > 0 ? [g.m[i - 1][0], g.p[i], g.m[i - 1][1], g.m[i - 1][2]] : null;
}
function notes(g, i) { return g.o && g.o[i] ? g.o[i] : null; }
function note(g, i, key) { var o = notes(g, i); return o ? pairs(o.k, key) : null; }

function label(g, i) {
	return i === 0 ? 'Start position' : 'After ply ' + i + ', ' +
	    g.s[parse(g.p[i - 1], g.w).side] + ' ' + g.m[i - 1][0];
}

function showBoard() {
	var g = game(cur.g), pos, step, text;
	if (cur.line) {
		var L = cur.line;
		pos = L.at > 0 ? L.steps[L.at - 1][1] : g.p[L.ply - 1];
		step = L.at > 0 ? L.steps[L.at - 1] : stepOf(g, L.ply - 1);
		text = 'Line from ply ' + L.ply + ', ' + (L.at > 0 ? 'move ' + L.at +
		    ' of ' + L.steps.length + ', ' + step[0] : 'before ' + g.m[L.ply - 1][0]);
	} else {
		pos = g.p[cur.p];
		step = stepOf(g, cur.p);
		text = label(g, cur.p);
	}
	var f = $('board');
	f.setAttribute('data-position', pos);
	f.setAttribute('data-flipped', cur.flip ? '1' : '0');
	f.setAttribute('aria-label', text + ': ' + pos);
	clear($('svg'));
	$('svg').appendChild(board(g, pos, step, cur.flip));
	$('pos').textContent = text + ' \u2014 ' + pos;
}

function showNote() {
	var g = game(cur.g), box = $('note'), o = notes(g, cur.p);
	clear(box);
	$('b-exit').hidden = !cur.line;
	if (!o || cur.p === 0) return;
	var cls = note(g, cur.p, 'class'), nag = note(g, cur.p, 'nag');
	var h = el('p', 'head');
	h.appendChild(el('strong', null, cur.p + '. ' + g.m[cur.p - 1][0] + (nag || '')));
	if (cls) h.appendChild(el('span', 'cls ' + (CLASSES[cls] || ''), ' ' + cls));
	box.appendChild(h);
	var dl = el('dl');
	for (var i = 0; i < o.k.length; i++) {
		var k = o.k[i][0];
		if (k === 'class' || k === 'nag' || k === 'comment') continue;
		dl.appendChild(el('dt', null, k));
		dl.appendChild(el('dd', null, o.k[i][1]));
	}
	box.appendChild(dl);
	var c = note(g, cur.p, 'comment');
	if (c !== null) box.appendChild(el('p', 'comment', c));
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

function update() {
	var g = game(cur.g), items = $('moves').querySelectorAll('button.mv');
	for (var i = 0; i < items.length; i++) {
		var on = +items[i].getAttribute('data-ply') === cur.p;
		items[i].classList.toggle('on', on);
		if (on) items[i].setAttribute('aria-current', 'step');
		else items[i].removeAttribute('aria-current');
	}
	showBoard();
	showNote();
	chartCursor(g);
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
	var n = g.p.length - 1;
	cur.p = p === 'first' ? 0 : p === 'last' ? n : p === 'next' ?
	    Math.min(n, cur.p + 1) : p === 'prev' ? Math.max(0, cur.p - 1) :
	    typeof p === 'number' ? Math.max(0, Math.min(n, p)) : cur.p;
	update();
}

// ------------------------------------------------------------ a game

function header(g) {
	var h = function (k) { return pairs(g.h, k); };
	var f = h('first') || '?', s = h('second') || '?';
	$('title').textContent = f + ' \u2013 ' + s;
	document.title = f + ' \u2013 ' + s + ' (Yot\u00e9)';
	var meta = [h('event'), h('round') !== null ? 'round ' + h('round') : null,
	    h('date'), h('site'), g.r].filter(function (x) { return x; });
	$('meta').textContent = meta.join(', ');
	var dl = $('info');
	clear(dl);
	var add = function (k, v) { dl.appendChild(el('dt', null, k)); dl.appendChild(el('dd', null, v)); };
	add('Rules', g.r);
	add(g.s[0] + ' (first)', f);
	add(g.s[1] + ' (second)', s);
	for (var i = 0; i < g.h.length; i++)
		if (['first', 'second', 'rules'].indexOf(g.h[i][0]) < 0)
			add(g.h[i][0], g.h[i][1]);
	$('ending').textContent = g.end;
}

function moveList(g) {
	var ol = $('moves');
	clear(ol);
	var start = el('li', 'start'), b0 = el('button', 'mv', 'Start');
	b0.setAttribute('data-ply', 0);
	b0.onclick = function () { cur.line = null; go(0); };
	start.appendChild(b0);
	ol.appendChild(start);
	g.m.forEach(function (m, j) {
		var i = j + 1, li = el('li', 's' + parse(g.p[j], g.w).side);
		var b = el('button', 'mv');
		var cls = note(g, i, 'class'), nag = note(g, i, 'nag');
		b.setAttribute('data-ply', i);
		b.appendChild(el('span', 'no', i + '.'));
		b.appendChild(document.createTextNode(' ' + m[0]));
		if (nag) b.appendChild(el('span', 'nag ' + (CLASSES[cls] || ''), nag));
		var ev = note(g, i, 'eval');
		if (ev !== null) b.appendChild(el('span', 'ev', ev));
		b.setAttribute('aria-label', 'Ply ' + i + ', ' + m[0] + (cls ? ', ' + cls : '') +
		    (ev !== null ? ', evaluation ' + ev : ''));
		b.onclick = function () { cur.line = null; go(i); };
		li.appendChild(b);
		ol.appendChild(li);
		var c = note(g, i, 'comment'), clk = note(g, i, 'clock');
		if (c !== null || clk !== null) {
			var ci = el('li', 'cmt');
			if (clk !== null) ci.appendChild(el('span', 'clock', clk));
			if (c !== null) ci.appendChild(el('span', null, c));
			ol.appendChild(ci);
		}
	});
}

function chart(g) {
	var box = $('chart');
	clear(box);
	if (!g.e) return;
	var n = g.e.length, W = 600, H = 120, dx = W / Math.max(1, n);
	var svg = sv('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img',
	    'aria-label': 'Evaluation curve: the first side\'s chance to win after each ply' });
	svg.appendChild(sv('rect', { width: W, height: H, 'class': 'bg' }));
	svg.appendChild(sv('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, 'class': 'mid' }));
	var pts = [], marks = [];
	g.e.forEach(function (v, j) {
		if (v === null) return;
		var x = (j + 1) * dx, y = H - v * H / 100;
		pts.push(x.toFixed(1) + ',' + y.toFixed(1));
		var cls = note(g, j + 1, 'class');
		if (CLASSES[cls]) marks.push(sv('circle', { cx: x.toFixed(1), cy: y.toFixed(1),
		    r: 4, 'class': 'mk ' + CLASSES[cls] }));
	});
	svg.appendChild(sv('polyline', { points: '0,' + H / 2 + ' ' + pts.join(' '), 'class': 'curve' }));
	marks.forEach(function (m) { svg.appendChild(m); });
	svg.appendChild(sv('line', { id: 'cursor', y1: 0, y2: H }));
	svg.addEventListener('click', function (ev) {
		var r = svg.getBoundingClientRect();
		cur.line = null;
		go(Math.round((ev.clientX - r.left) / r.width * W / dx));
	});
	box.appendChild(svg);
}

function chartCursor(g) {
	var c = $('cursor');
	if (!c || !g.e) return;
	var x = cur.p * 600 / Math.max(1, g.e.length);
	c.setAttribute('x1', x);
	c.setAttribute('x2', x);
}

function stats(g) {
	var box = $('stats');
	clear(box);
	if (!g.first && !g.second) return;
	var t = el('table'), cols = (g.first || g.second).map(function (p) { return p[0]; });
	t.appendChild(el('caption', null, 'Analysis' + (pairs(g.a, 'engine') ?
	    ' (' + pairs(g.a, 'engine') + ')' : '')));
	var tr = el('tr');
	tr.appendChild(el('th', null, 'side'));
	cols.forEach(function (c) { tr.appendChild(el('th', null, c)); });
	t.appendChild(tr);
	[['first', 0], ['second', 1]].forEach(function (sd) {
		if (!g[sd[0]]) return;
		var r = el('tr');
		r.className = 'side-' + sd[0];
		r.appendChild(el('th', null, g.s[sd[1]] + ' (' + (pairs(g.h, sd[0]) || sd[0]) + ')'));
		cols.forEach(function (c) { r.appendChild(el('td', null, pairs(g[sd[0]], c))); });
		t.appendChild(r);
	});
	box.appendChild(t);
}

// Print: a diagram of every annotated ply, with its comment.
function printView(g) {
	var box = $('print');
	clear(box);
	for (var i = 1; i < g.p.length; i++) {
		var c = note(g, i, 'comment'), cls = note(g, i, 'class');
		if (c === null && !cls) continue;
		var f = el('figure', 'diagram');
		f.setAttribute('role', 'img');
		f.setAttribute('aria-label', label(g, i) + ': ' + g.p[i]);
		f.appendChild(board(g, g.p[i], stepOf(g, i), false));
		var cap = el('figcaption', null, i + '. ' + g.m[i - 1][0] + (note(g, i, 'nag') || '') +
		    (cls ? ' (' + cls + ')' : '') + (c !== null ? ' \u2014 ' + c : ''));
		f.appendChild(cap);
		f.appendChild(el('p', 'fen', g.p[i]));
		box.appendChild(f);
	}
}

function open(i, p) {
	if (i < 1 || i > index.length) i = 1;
	var g = game(i), rows = $('games').querySelectorAll('tr');
	for (var k = 0; k < rows.length; k++)
		if (k === i - 1) rows[k].setAttribute('aria-current', 'true');
		else rows[k].removeAttribute('aria-current');
	if (cur.g !== i) {
		cur.g = i;
		header(g);
		moveList(g);
		chart(g);
		stats(g);
		printView(g);
	}
	cur.line = null;
	go(p);
}

function gameList() {
	var tb = $('games');
	index.forEach(function (e, j) {
		var tr = el('tr'), a = el('a', null, (e[1] || '?') + ' \u2013 ' + (e[2] || '?'));
		a.href = '#g' + (j + 1) + 'p0';
		a.onclick = function (ev) { ev.preventDefault(); open(j + 1, 0); };
		tr.appendChild(el('td', null, e[0]));
		var td = el('td');
		td.appendChild(a);
		tr.appendChild(td);
		for (var k = 3; k <= 7; k++) tr.appendChild(el('td', null, e[k]));
		tb.appendChild(tr);
	});
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
		for (var p = 0; p < game(i).p.length; p++) {
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
gameList();
$('b-first').onclick = function () { go('first'); };
$('b-prev').onclick = function () { go('prev'); };
$('b-next').onclick = function () { go('next'); };
$('b-last').onclick = function () { go('last'); };
$('b-exit').onclick = function () { go('exit'); };
$('b-flip').onclick = function () { cur.flip = !cur.flip; update(); };
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
