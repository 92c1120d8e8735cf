//! Where hidden chips may lie, and drawing a layout that obeys the rules.
//!
//! Spaces are orthogonal neighbours when their drawn centres are one unit
//! apart along x or y. Chips may not touch each other, so a layout is an
//! independent set of the neighbour graph restricted to allowed spaces.
//! That graph is bipartite (every step changes x + y by one), so by König's
//! theorem the largest layout has `allowed − largest matching` chips: the
//! compile step uses that to prove a bag cannot fit.

use std::collections::{HashMap, VecDeque};

use crate::rng::GameRng;
use crate::spec::Point;

/// Orthogonal neighbours of every position (0, the tray, has none).
pub fn neighbours(points: &[Point]) -> Vec<Vec<u32>> {
    let key = |p: &Point| ((p.x * 1000.0).round() as i64, (p.y * 1000.0).round() as i64);
    let at: HashMap<(i64, i64), u32> = points.iter().enumerate().skip(1).map(|(i, p)| (key(p), i as u32)).collect();
    points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i == 0 {
                return Vec::new();
            }
            let (x, y) = key(p);
            [(1000, 0), (-1000, 0), (0, 1000), (0, -1000)]
                .iter()
                .filter_map(|(dx, dy)| at.get(&(x.checked_add(*dx)?, y.checked_add(*dy)?)).copied())
                .collect()
        })
        .collect()
}

/// The neighbour of `pos` one unit away in a direction, if there is one
/// (`neighbours` is what `neighbours(points)` returned).
pub fn neighbour_towards(points: &[Point], neighbours: &[Vec<u32>], pos: u32, (dx, dy): (f32, f32)) -> Option<u32> {
    let from = points.get(pos as usize)?;
    let (x, y) = (from.x + dx, from.y + dy);
    let near = |q: &&u32| (points[**q as usize].x - x).abs() < 1e-3 && (points[**q as usize].y - y).abs() < 1e-3;
    neighbours.get(pos as usize)?.iter().find(near).copied()
}

/// The spaces chips may use and who touches whom among them.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChipGround {
    /// Allowed positions, ascending.
    pub allowed: Vec<u32>,
    /// Per index into `allowed`: indices of allowed neighbours.
    pub adjacent: Vec<Vec<u32>>,
    /// A largest layout (a maximum independent set), as positions.
    pub largest: Vec<u32>,
    /// Per index into `allowed`: its allowed neighbours and itself as bits,
    /// when at most 128 spaces are allowed (most boards; empty otherwise).
    /// A greedy pass then checks and takes a space with an `&` and an `|`
    /// (`bit_passes`). A fixed array: an index below 128 needs no check.
    neighbour_bits: Option<Box<[[u128; 2]; 128]>>,
}

impl ChipGround {
    /// `allowed[pos]` says whether a chip may lie on `pos`.
    pub fn new(allowed: &[bool], neighbours: &[Vec<u32>]) -> Self {
        let spaces: Vec<u32> = (0..allowed.len() as u32).filter(|p| allowed[*p as usize]).collect();
        let index: HashMap<u32, u32> = spaces.iter().enumerate().map(|(i, p)| (*p, i as u32)).collect();
        let adjacent: Vec<Vec<u32>> = spaces
            .iter()
            .map(|p| neighbours[*p as usize].iter().filter_map(|q| index.get(q).copied()).collect())
            .collect();
        let largest = largest_independent(&adjacent).into_iter().map(|i| spaces[i as usize]).collect();
        let neighbour_bits = (spaces.len() <= 128).then(|| {
            let mut table = Box::new([[0; 2]; 128]);
            for (i, near) in adjacent.iter().enumerate() {
                table[i] = [near.iter().fold(0u128, |bits, j| bits | 1 << j), 1 << i];
            }
            table
        });
        Self { allowed: spaces, adjacent, largest, neighbour_bits }
    }

    /// Pairs in a largest matching (so `allowed − matching` is the most
    /// chips that fit).
    pub fn matching(&self) -> usize {
        self.allowed.len() - self.largest.len()
    }

    /// Draws `count` positions: random greedy passes first (they spread the
    /// chips evenly), then a random part of the largest layout if the bag is
    /// so large that greedy passes keep failing.
    pub fn draw(&self, count: usize, rng: &mut impl Draws) -> Option<Vec<u32>> {
        let mut spaces = Vec::with_capacity(count);
        self.draw_each(count, rng, |pos| spaces.push(pos)).then_some(spaces)
    }

    /// `draw` without a vector: `put` is given the drawn positions in
    /// ascending order; false (and nothing put) when the bag cannot fit.
    pub fn draw_each(&self, count: usize, rng: &mut impl Draws, put: impl FnMut(u32)) -> bool {
        self.draw_as(count, rng, true, put)
    }

    /// `draw_each`, its passes over bits (`use_bits` where they are kept: up
    /// to 128 allowed spaces) or over lists: the same layouts either way (a
    /// test holds them equal).
    fn draw_as(&self, count: usize, rng: &mut impl Draws, use_bits: bool, mut put: impl FnMut(u32)) -> bool {
        if count > self.largest.len() {
            return false;
        }
        let drawn = match self.neighbour_bits.as_deref() {
            Some(bits) if use_bits => self.bit_passes(bits, count, rng, &mut put),
            _ => self.list_passes(count, rng, &mut put),
        };
        if !drawn {
            self.part_of_largest(count, rng).into_iter().for_each(put);
        }
        true
    }

    /// Up to sixteen random greedy passes over masks of the allowed spaces
    /// (at most 128); whether one placed the whole bag (then `put` had it).
    fn bit_passes(
        &self,
        bits: &[[u128; 2]; 128],
        count: usize,
        rng: &mut impl Draws,
        put: &mut impl FnMut(u32),
    ) -> bool {
        // (On the stack: a game deals its chips before every game. Indices
        // below 128 fit a byte.)
        let mut order = [0u8; 128];
        let order = &mut order[..self.allowed.len()];
        for (i, o) in order.iter_mut().enumerate() {
            *o = i as u8;
        }
        for _ in 0..16 {
            rng.shuffle(order);
            let (mut low, mut high, mut picked) = (0u64, 0u64, 0usize);
            for &i in order.iter() {
                if picked == count {
                    break;
                }
                // Whether a space is free is a coin toss: no branch. (On
                // words, and the count wrapping, which it cannot: a select
                // of a u128, or one next to an overflow check, was compiled
                // to a branch, mispredicted every other space.)
                let [near, own] = bits[usize::from(i) & 127];
                let free = (low & near as u64) | (high & (near >> 64) as u64) == 0;
                low |= std::hint::select_unpredictable(free, own as u64, 0);
                high |= std::hint::select_unpredictable(free, (own >> 64) as u64, 0);
                picked = picked.wrapping_add(usize::from(free));
            }
            if picked == count {
                // Ascending bits are ascending positions (`allowed` is).
                let mut taken = u128::from(high) << 64 | u128::from(low);
                while taken != 0 {
                    put(self.allowed[taken.trailing_zeros() as usize]);
                    taken &= taken - 1;
                }
                return true;
            }
        }
        false
    }

    /// `bit_passes` over lists, for any number of allowed spaces.
    fn list_passes(&self, count: usize, rng: &mut impl Draws, put: &mut impl FnMut(u32)) -> bool {
        let n = self.allowed.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        let mut taken = vec![false; n];
        let mut picked: Vec<u32> = Vec::with_capacity(count);
        for _ in 0..16 {
            rng.shuffle(&mut order);
            // Clear only what the last pass took (boards have 250,000
            // spaces; a bag a few dozen chips).
            for &i in &picked {
                taken[i as usize] = false;
            }
            picked.clear();
            for &i in &order {
                if picked.len() == count {
                    break;
                }
                if self.adjacent[i as usize].iter().all(|j| !taken[*j as usize]) {
                    taken[i as usize] = true;
                    picked.push(i);
                }
            }
            if picked.len() == count {
                let mut spaces: Vec<u32> = picked.iter().map(|&i| self.allowed[i as usize]).collect();
                spaces.sort_unstable();
                spaces.into_iter().for_each(put);
                return true;
            }
        }
        false
    }

    /// After sixteen failed greedy passes: `count` spaces of the largest
    /// layout, at random.
    fn part_of_largest(&self, count: usize, rng: &mut impl Draws) -> Vec<u32> {
        let mut largest = self.largest.clone();
        rng.shuffle(&mut largest);
        largest.truncate(count);
        largest.sort_unstable();
        largest
    }
}

/// Where placement's random numbers come from: `below(n)` draws from
/// `0..n`. A closure serves tests and other generators; the game's
/// `GameRng` shuffles two swaps to an output (`GameRng::shuffle`, the same
/// swaps).
pub trait Draws {
    fn below(&mut self, n: u32) -> u32;

    fn shuffle<T>(&mut self, items: &mut [T]) {
        shuffle(items, &mut |n| self.below(n));
    }
}

impl<F: FnMut(u32) -> u32> Draws for F {
    fn below(&mut self, n: u32) -> u32 {
        self(n)
    }
}

impl Draws for GameRng {
    fn below(&mut self, n: u32) -> u32 {
        GameRng::below(self, n)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        GameRng::shuffle(self, items);
    }
}

/// Fisher–Yates with the caller's random numbers.
pub fn shuffle<T>(items: &mut [T], below: &mut impl FnMut(u32) -> u32) {
    for i in (1..items.len()).rev() {
        let j = below(i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

/// A maximum independent set of a bipartite graph: two-colour it, find a
/// maximum matching (augmenting paths), take König's minimum vertex cover
/// and return everything outside it.
fn largest_independent(adjacent: &[Vec<u32>]) -> Vec<u32> {
    let n = adjacent.len();
    let mut colour = vec![u8::MAX; n];
    for s in 0..n {
        if colour[s] != u8::MAX {
            continue;
        }
        colour[s] = 0;
        let mut queue = VecDeque::from([s]);
        while let Some(v) = queue.pop_front() {
            for &w in &adjacent[v] {
                if colour[w as usize] == u8::MAX {
                    colour[w as usize] = 1 - colour[v];
                    queue.push_back(w as usize);
                }
            }
        }
    }
    // A greedy matching first (on grids it leaves few vertices to augment),
    // then one augmenting-path search from each left vertex it left free.
    // `seen` holds the search's number rather than being cleared for each:
    // clearing it per vertex was quadratic (116,000 spaces: 1.5 s).
    let mut mate: Vec<Option<u32>> = vec![None; n];
    for v in (0..n).filter(|v| colour[*v] == 0) {
        if let Some(&w) = adjacent[v].iter().find(|w| mate[**w as usize].is_none()) {
            mate[w as usize] = Some(v as u32);
            mate[v] = Some(w);
        }
    }
    let mut seen = vec![0u32; n];
    let free: Vec<usize> = (0..n).filter(|v| colour[*v] == 0 && mate[*v].is_none()).collect();
    for (search, v) in free.into_iter().enumerate() {
        augment(v, adjacent, &mut mate, &mut seen, search as u32 + 1);
    }
    // König: from unmatched left vertices, walk alternating paths; the cover
    // is the unvisited left vertices plus the visited right ones.
    let mut visited = vec![false; n];
    let mut stack: Vec<usize> = (0..n).filter(|v| colour[*v] == 0 && mate[*v].is_none()).collect();
    for v in &stack {
        visited[*v] = true;
    }
    while let Some(v) = stack.pop() {
        for &w in &adjacent[v] {
            let w = w as usize;
            if visited[w] {
                continue;
            }
            visited[w] = true;
            if let Some(m) = mate[w]
                && !visited[m as usize]
            {
                visited[m as usize] = true;
                stack.push(m as usize);
            }
        }
    }
    (0..n).filter(|&v| if colour[v] == 0 { visited[v] } else { !visited[v] }).map(|v| v as u32).collect()
}

/// One augmenting-path search from left vertex `v` (iterative, so large
/// boards cannot overflow the stack); right vertices marked `search` in
/// `seen` were tried in this search.
fn augment(v: usize, adjacent: &[Vec<u32>], mate: &mut [Option<u32>], seen: &mut [u32], search: u32) -> bool {
    // (vertex, next neighbour index); `via[w]` is the left vertex that
    // reached right vertex w.
    let mut path: Vec<(usize, usize)> = vec![(v, 0)];
    let mut via: Vec<(usize, usize)> = Vec::new();
    while let Some(top) = path.last_mut() {
        let u = top.0;
        if top.1 >= adjacent[u].len() {
            path.pop();
            via.pop();
            continue;
        }
        let w = adjacent[u][top.1] as usize;
        top.1 += 1;
        if seen[w] == search {
            continue;
        }
        seen[w] = search;
        via.push((u, w));
        match mate[w] {
            None => {
                // Flip the path: every (left, right) pair on it is matched.
                for &(l, r) in &via {
                    mate[r] = Some(l as u32);
                    mate[l] = Some(r as u32);
                }
                return true;
            }
            Some(m) => path.push((m as usize, 0)),
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(cols: u32, rows: u32) -> Vec<Point> {
        let mut points = vec![Point { x: -1.0, y: 0.5 }];
        for r in 0..rows {
            for c in 0..cols {
                points.push(Point { x: c as f32 + 0.5, y: r as f32 + 0.5 });
            }
        }
        points
    }

    fn all_allowed(points: &[Point]) -> ChipGround {
        let mut allowed = vec![true; points.len()];
        allowed[0] = false;
        ChipGround::new(&allowed, &neighbours(points))
    }

    #[test]
    fn a_checkerboard_is_the_largest_layout() {
        for (c, r) in [(4, 4), (5, 5), (10, 10), (1, 7), (3, 8)] {
            let ground = all_allowed(&grid(c, r));
            assert_eq!(ground.largest.len() as u32, (c * r).div_ceil(2), "{c}×{r}");
        }
    }

    #[test]
    fn drawn_layouts_never_touch_and_fail_only_when_too_big() {
        let points = grid(10, 10);
        let nb = neighbours(&points);
        let ground = all_allowed(&points);
        let mut state = 12345u64;
        let mut below = |n: u32| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((state >> 33) % u64::from(n)) as u32
        };
        for count in [1, 30, 45, 50] {
            let layout = ground.draw(count, &mut below).expect("fits");
            assert_eq!(layout.len(), count);
            for p in &layout {
                assert!(nb[*p as usize].iter().all(|q| !layout.contains(q)), "{count}: {p} touches");
            }
        }
        assert!(ground.draw(51, &mut below).is_none());
    }

    /// Passes over bits draw the layouts passes over lists draw: boards
    /// with spaces left out, bags small and large (up to the sixteen
    /// failed passes and the largest layout's part), many seeds.
    #[test]
    fn bit_passes_draw_what_list_passes_draw() {
        let mut fallbacks = 0;
        for (c, r, gap) in [(10, 10, 7), (8, 16, 5), (11, 11, 3), (5, 5, 4)] {
            let points = grid(c, r);
            let mut allowed: Vec<bool> = (0..points.len()).map(|p| p % gap != 0).collect();
            allowed[0] = false;
            let ground = ChipGround::new(&allowed, &neighbours(&points));
            assert!(ground.neighbour_bits.is_some(), "{c}×{r}: at most 128 spaces allowed");
            let mut largest = ground.largest.clone();
            largest.sort_unstable();
            for count in [1, 5, ground.largest.len() * 2 / 3, ground.largest.len()] {
                for seed in 0..40u64 {
                    let below = |mut state: u64| {
                        move |n: u32| {
                            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                            ((state >> 33) % u64::from(n)) as u32
                        }
                    };
                    let drawn = |use_bits| {
                        let mut spaces = Vec::new();
                        ground.draw_as(count, &mut below(seed), use_bits, |p| spaces.push(p)).then_some(spaces)
                    };
                    let (bits, lists) = (drawn(true), drawn(false));
                    assert_eq!(bits, lists, "{c}×{r}, {count} chips, seed {seed}");
                    // A bag the size of the largest layout is nearly always
                    // that layout: the greedy passes failed.
                    fallbacks += usize::from(lists.expect("fits") == largest);
                }
            }
        }
        assert!(fallbacks > 0);
    }

    #[test]
    fn neighbours_follow_the_drawing_not_the_path() {
        let nb = neighbours(&grid(3, 2));
        // Position 1 is (0.5, 0.5): right is 2, up is 4.
        let mut first = nb[1].clone();
        first.sort();
        assert_eq!(first, [2, 4]);
        let nb = neighbours(&grid(3, 2));
        assert_eq!(neighbour_towards(&grid(3, 2), &nb, 1, (0.0, 1.0)), Some(4));
        assert_eq!(neighbour_towards(&grid(3, 2), &nb, 1, (1.0, 0.0)), Some(2));
        assert_eq!(neighbour_towards(&grid(3, 2), &nb, 1, (-1.0, 0.0)), None);
    }

    /// The matching is maximum whatever the holes: the largest layout equals
    /// a brute-force search on 4 × 4 boards with random spaces forbidden.
    #[test]
    fn the_largest_layout_is_the_brute_force_maximum() {
        let points = grid(4, 4);
        let nb = neighbours(&points);
        let mut state = 0x9e37_79b9_u32;
        for _ in 0..200 {
            let mut allowed = vec![false; points.len()];
            for a in allowed.iter_mut().skip(1) {
                state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                *a = state >> 30 != 0; // three in four, from the high bits
            }
            let ground = ChipGround::new(&allowed, &nb);
            let spaces: Vec<u32> = (1..points.len() as u32).filter(|p| allowed[*p as usize]).collect();
            let best = (0u32..1 << spaces.len())
                .filter(|set| {
                    let chosen = |i: usize| set & (1 << i) != 0;
                    (0..spaces.len()).all(|i| {
                        !chosen(i)
                            || nb[spaces[i] as usize]
                                .iter()
                                .all(|q| spaces.iter().position(|s| s == q).is_none_or(|j| !chosen(j)))
                    })
                })
                .map(u32::count_ones)
                .max()
                .unwrap_or(0);
            assert_eq!(ground.largest.len() as u32, best, "allowed {allowed:?}");
        }
    }
}
