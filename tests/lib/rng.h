/*
 * rng.h - the pseudo-random numbers of the test programs: splitmix64 and
 * xorshift64, small and the same on every platform, so that a seed names
 * one run.  Header only (static inline), so that tests/ref's programs take
 * it without linking anything of libyote's.
 */
#ifndef TESTS_RNG_H
#define TESTS_RNG_H

#include <stddef.h>
#include <stdint.h>

/* The next number of the sequence that the state *s stands for. */
static inline uint64_t
splitmix_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0 (the bias of a plain modulo is negligible). */
static inline size_t
splitmix_below(uint64_t *s, size_t n)
{
	return (size_t)(splitmix_next(s) % n);
}

/* The next number of xorshift64 (13, 7, 17) from the state *s, not 0. */
static inline uint64_t
xorshift_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

#endif
