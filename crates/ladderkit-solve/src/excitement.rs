//! The excitement of a two-player game from its solved graph: where the
//! one-piece chain of the analysis does not hold (lost and extra turns,
//! pieces that meet), the graph of whole positions does, and the solved
//! chances to win are the win-chance function. The measures are the
//! analysis' (`docs/analysis.md`, "Excitement"), taken over the graph's
//! positions: a step is a turn as the engine plays it (an extra turn is a
//! step of its own, a lost turn a step where nothing moves), which is when
//! `ladderkit simulate` looks at the lead.

use ladderkit_analysis::{Measures, Spread};
use ladderkit_engine::{Engine, NextTurn, State};

use crate::evaluate::{Choice, Solved, Wanted, solve_chain};
use crate::graph::{FINISHED, Graph};
use crate::{Progress, SolveError};

/// Games still running below this share are left out (their changes so
/// far still count).
const TAIL: f64 = 1e-12;
/// A game this many turns long is given up (`SolveError::Endless`).
const MAX_STEPS: usize = 1_000_000;
/// `led`'s value before anyone has led alone.
const NOBODY: usize = 2;

/// The measures of a two-player `graph` (of `engine`'s game) with each
/// seat playing as `seats` says.
pub async fn game_excitement(
    graph: &Graph,
    engine: &Engine,
    seats: &[Choice<'_>],
    progress: Option<&Progress>,
) -> Result<Measures, SolveError> {
    assert_eq!(graph.players, 2, "the excitement measures are for two players");
    let solved = solve_chain(graph, seats, Wanted::All, progress).await?;
    let marks = Marks::new(graph, engine, progress).await?;
    let passes = Passes { graph, seats, solved: &solved, marks: &marks, progress };
    let by_position = passes.play(false).await?;
    let by_chance = passes.play(true).await?;
    let opener = usize::from(engine.new_game(0).opener);
    let half_way_round = ladderkit_analysis::half_way_round(passes.median_rounds(opener).await?);
    let comeback = passes.comeback(opener, half_way_round).await?;
    Ok(Measures {
        lead_changes: by_position.changes,
        favourite_changes: by_chance.changes,
        half_way_round,
        comeback,
        uncertainty: by_position.entropy / by_position.turns,
        drama: by_position.drama / by_position.turns,
        photo_finish: by_position.photo_finish,
    })
}

/// Per position: the seat alone in front and the seat alone behind
/// (`NOBODY` on a tie), and whether the seat not to move could win on its
/// next turn (asked only where the mover can finish).
struct Marks {
    front: Vec<usize>,
    close: Vec<bool>,
}

impl Marks {
    async fn new(graph: &Graph, engine: &Engine, progress: Option<&Progress>) -> Result<Self, SolveError> {
        let n = graph.positions();
        let goal = engine.board().goal;
        let (mut front, mut close) = (vec![NOBODY; n], vec![false; n]);
        let (mut s, mut next_turn) = (State::default(), NextTurn::default());
        for x in 0..n {
            Progress::in_pass(progress, x).await?;
            graph.state(x, &mut s);
            front[x] = sole(s.progress(0, goal), s.progress(1, goal));
            let finishes = graph.rolls_of(x).any(|r| graph.options_of(r).iter().any(|o| o.next >= FINISHED));
            if finishes {
                let other = 1 - graph.node(x).current;
                close[x] = next_turn.could_win(engine, &s, other);
            }
        }
        Ok(Self { front, close })
    }

    fn behind(&self, x: usize) -> usize {
        match self.front[x] {
            NOBODY => NOBODY,
            seat => 1 - seat,
        }
    }
}

/// Seat 0 if `a` is ahead, seat 1 if `b` is, `NOBODY` on a tie.
fn sole(a: u64, b: u64) -> usize {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => NOBODY,
    }
}

/// The seat whose chance is above ½, if one's is.
fn favourite(seat0: f64) -> usize {
    const EVEN: f64 = 1e-12;
    if seat0 > 0.5 + EVEN {
        0
    } else if seat0 < 0.5 - EVEN {
        1
    } else {
        NOBODY
    }
}

/// What a pass over the game sums.
struct Sums {
    changes: Spread,
    entropy: f64,
    turns: f64,
    drama: f64,
    photo_finish: f64,
}

struct Passes<'a> {
    graph: &'a Graph,
    seats: &'a [Choice<'a>],
    solved: &'a Solved,
    marks: &'a Marks,
    progress: Option<&'a Progress>,
}

impl Passes<'_> {
    /// Every option of position `x` with its chance: `(next, chance)`.
    fn moves(&self, x: usize) -> impl Iterator<Item = (u32, f64)> + '_ {
        let seat = self.seats[self.graph.node(x).current as usize];
        self.graph.rolls_of(x).flat_map(move |r| {
            let (p, opts) = (self.graph.roll(r).p, self.graph.options_of(r));
            opts.iter().enumerate().map(move |(i, o)| (o.next, p * seat.chance(r, i, opts)))
        })
    }

    /// The game pushed forward a turn at a time with, per position and
    /// seat that led last, the mass of running games and the sums of their
    /// changes and of their squares; `by_chance` counts favourite changes,
    /// else lead changes (and the turn sums with them).
    async fn play(&self, by_chance: bool) -> Result<Sums, SolveError> {
        let n = self.graph.positions();
        let at = |x: usize, l: usize| x * 3 + l;
        let [mut m, mut c1, mut c2] = [0; 3].map(|_| vec![0.0; n * 3]);
        let [mut m2, mut d1, mut d2] = [0; 3].map(|_| vec![0.0; n * 3]);
        m[at(0, NOBODY)] = 1.0;
        let (mut over_m, mut over_c1, mut over_c2) = (0.0, 0.0, 0.0);
        let mut sums =
            Sums { changes: Spread { mean: 0.0, sd: 0.0 }, entropy: 0.0, turns: 0.0, drama: 0.0, photo_finish: 0.0 };
        let mut running = 1.0;
        for step in 0.. {
            if running < TAIL {
                break;
            }
            if step > MAX_STEPS {
                return Err(SolveError::Endless { positions: n });
            }
            Progress::check(self.progress).await?;
            for v in [&mut m2, &mut d1, &mut d2] {
                v.iter_mut().for_each(|x| *x = 0.0);
            }
            for x in 0..n {
                let total: f64 = (0..3).map(|l| m[at(x, l)]).sum();
                if total == 0.0 {
                    continue;
                }
                let v0 = self.solved.value(x, 0);
                if !by_chance {
                    let v1 = self.solved.value(x, 1);
                    sums.entropy += total * bits(v0, v1);
                    sums.turns += total;
                    sums.drama += total * (v0 * (v1 - v0).max(0.0) + v1 * (v0 - v1).max(0.0));
                }
                for (next, p) in self.moves(x) {
                    if p == 0.0 {
                        continue;
                    }
                    let led_next = |l: usize| -> usize {
                        let now = if next >= FINISHED {
                            match next & !FINISHED {
                                1 => 0,
                                2 => 1,
                                _ => NOBODY,
                            }
                        } else if by_chance {
                            favourite(self.solved.value(next as usize, 0))
                        } else {
                            self.marks.front[next as usize]
                        };
                        if now == NOBODY { l } else { now }
                    };
                    if next >= FINISHED && !by_chance && self.marks.close[x] {
                        sums.photo_finish += total * p;
                    }
                    for l in 0..3 {
                        let from = at(x, l);
                        if m[from] == 0.0 {
                            continue;
                        }
                        let led = led_next(l);
                        let changed = l != NOBODY && led != l;
                        let (mm, a, b) = (m[from], c1[from], c2[from]);
                        let (a, b) = if changed { (a + mm, b + 2.0 * a + mm) } else { (a, b) };
                        if next >= FINISHED {
                            over_m += p * mm;
                            over_c1 += p * a;
                            over_c2 += p * b;
                        } else {
                            let to = at(next as usize, led);
                            m2[to] += p * mm;
                            d1[to] += p * a;
                            d2[to] += p * b;
                        }
                    }
                }
            }
            std::mem::swap(&mut m, &mut m2);
            std::mem::swap(&mut c1, &mut d1);
            std::mem::swap(&mut c2, &mut d2);
            running = m.iter().sum();
        }
        over_m += running;
        over_c1 += c1.iter().sum::<f64>();
        over_c2 += c2.iter().sum::<f64>();
        let mean = over_c1 / over_m;
        sums.changes = Spread { mean, sd: (over_c2 / over_m - mean * mean).max(0.0).sqrt() };
        Ok(sums)
    }

    /// Plays round `m` (the positions at its start, the opener to move)
    /// through: returns where the games still running stand at its end and
    /// how many ended during it.
    async fn round(&self, m: &[f64], opener: usize) -> Result<(Vec<f64>, f64), SolveError> {
        let n = m.len();
        let (mut flight, mut ended, mut over) = (m.to_vec(), vec![0.0; n], 0.0);
        let mut next = vec![0.0; n];
        for _ in 0..MAX_STEPS {
            if flight.iter().sum::<f64>() < TAIL * TAIL {
                return Ok((ended, over));
            }
            Progress::check(self.progress).await?;
            next.iter_mut().for_each(|v| *v = 0.0);
            for (x, &mass) in flight.iter().enumerate().filter(|(_, m)| **m != 0.0) {
                let passing = usize::from(self.graph.node(x).current) != opener;
                for (to, p) in self.moves(x) {
                    if to >= FINISHED {
                        over += mass * p;
                    } else if passing && usize::from(self.graph.node(to as usize).current) == opener {
                        // Play passed back to the opener: the round is over.
                        ended[to as usize] += mass * p;
                    } else {
                        next[to as usize] += mass * p;
                    }
                }
            }
            std::mem::swap(&mut flight, &mut next);
        }
        Err(SolveError::Endless { positions: n })
    }

    /// The first round by whose end at least half the games are over.
    async fn median_rounds(&self, opener: usize) -> Result<u32, SolveError> {
        let mut m = vec![0.0; self.graph.positions()];
        m[0] = 1.0;
        let mut over = 0.0;
        for r in 1..=MAX_STEPS as u32 {
            let (next, ended) = self.round(&m, opener).await?;
            over += ended;
            if over >= 0.5 {
                return Ok(r);
            }
            m = next;
        }
        Err(SolveError::Endless { positions: self.graph.positions() })
    }

    /// The chance that the game runs on past round `h` with the eventual
    /// winner behind then.
    async fn comeback(&self, opener: usize, h: u32) -> Result<f64, SolveError> {
        let mut m = vec![0.0; self.graph.positions()];
        m[0] = 1.0;
        for _ in 0..h {
            m = self.round(&m, opener).await?.0;
        }
        Ok(m.iter()
            .enumerate()
            .filter(|(x, mass)| **mass != 0.0 && self.marks.behind(*x) != NOBODY)
            .map(|(x, mass)| mass * self.solved.value(x, self.marks.behind(x)))
            .sum())
    }
}

/// The entropy in bits of two seats' chances.
fn bits(a: f64, b: f64) -> f64 {
    let h = |q: f64| if q > 0.0 { -q * q.log2() } else { 0.0 };
    h(a) + h(b)
}
