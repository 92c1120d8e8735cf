/* The hand-written C simulator Ladderkit's race kernel is measured against
 * (issues 16 and 51): Milton Bradley's board, one d6, a roll past 100
 * forfeited, players in turn from the tray, the first home wins. One
 * xoshiro256** draw and one table read per roll; only the winner counted.
 *
 *   gcc -O3 -march=native benches/reference/race.c -o /tmp/race
 *   /tmp/race GAMES PLAYERS        (prints the wins per seat)
 *   /tmp/race table                (prints its move table, for the tests)
 *
 * Compare with `ladderkit simulate variants/milton-bradley.ron --players P
 * --games GAMES --threads 1` in the same run (docs/simulate.md, "Speed"). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t s[4];

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next(void) {
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

int main(int argc, char **argv) {
    int show_table = argc == 2 && strcmp(argv[1], "table") == 0;
    if (argc != 3 && !show_table) {
        fprintf(stderr, "usage: %s GAMES PLAYERS | %s table\n", argv[0], argv[0]);
        return 2;
    }
    /* Square 0 is the tray; where each square sends a piece that lands on it. */
    static const int jumps[][2] = {
        {1, 38},  {4, 14},  {9, 31},  {21, 42}, {28, 84}, {36, 44}, {51, 67},
        {71, 91}, {80, 100}, {16, 6}, {47, 26}, {49, 11}, {56, 53}, {62, 19},
        {64, 60}, {87, 24}, {93, 73}, {95, 75}, {98, 78},
    };
    int land[101];
    for (int i = 0; i <= 100; i++) land[i] = i;
    for (size_t j = 0; j < sizeof jumps / sizeof jumps[0]; j++) land[jumps[j][0]] = jumps[j][1];
    uint8_t table[101 * 6];
    for (int pos = 0; pos <= 100; pos++)
        for (int face = 1; face <= 6; face++)
            table[pos * 6 + face - 1] = pos + face > 100 ? pos : land[pos + face];
    if (show_table) {
        for (int i = 0; i < 101 * 6; i++) printf("%d%c", table[i], i % 6 == 5 ? '\n' : ' ');
        return 0;
    }
    uint64_t games = strtoull(argv[1], NULL, 10);
    int players = atoi(argv[2]);
    if (players < 1 || players > 8) {
        fprintf(stderr, "PLAYERS is 1 to 8\n");
        return 2;
    }

    s[0] = 0x9e3779b97f4a7c15ULL, s[1] = 0xbf58476d1ce4e5b9ULL, s[2] = 0x94d049bb133111ebULL, s[3] = 1;
    uint64_t wins[8] = {0};
    uint8_t pos[8];
    for (uint64_t g = 0; g < games; g++) {
        for (int p = 0; p < players; p++) pos[p] = 0;
        for (;;) {
            for (int p = 0; p < players; p++) {
                uint64_t face = ((next() >> 32) * 6) >> 32;
                uint8_t q = table[pos[p] * 6 + face];
                pos[p] = q;
                if (q == 100) {
                    wins[p]++;
                    goto done;
                }
            }
        }
    done:;
    }
    for (int p = 0; p < players; p++) printf("%s%llu", p ? " " : "", (unsigned long long)wins[p]);
    printf("\n");
    return 0;
}
