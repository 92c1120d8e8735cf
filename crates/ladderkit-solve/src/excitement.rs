//! The excitement of a two-player game from its solved graph: where the
//! one-piece chain of the analysis does not hold (lost and extra turns,
//! pieces that meet), the graph of whole positions does, and the solved
//! chances to win are the win-chance function. The measures are the
//! analysis' (`docs/analysis.md`, "Excitement"), taken over the graph's
//! positions: a step is a turn as the engine plays it (an extra turn is a
//! step of its own, a lost turn a step where nothing moves), which is when
//! `ladderkit simulate` looks at the lead.

use ladderkit_analysis::{
    Course, CourseStep, DECIDED, Measures, Spread, TRAILING_FROM, Trailing, entropy_bits, turn_drama,
};
use ladderkit_core::Seats;
use ladderkit_core::rng::GameRng;
use ladderkit_engine::{Engine, NextTurn, State};

use crate::evaluate::{Choice, Solved, Wanted, solve_chain};
use crate::graph::{FINISHED, Graph};
use crate::{Pace, Progress, SolveError};

/// Games still running below this share are left out (their changes so
/// far still count).
const TAIL: f64 = 1e-12;
/// A game this many turns long is given up (`SolveError::Endless`).
const MAX_STEPS: usize = 1_000_000;
/// `led`'s value before anyone has led alone.
const NOBODY: usize = 2;

/// Typical games sampled with the measures, for charts: the first this
/// many from seed 1 on.
pub const COURSES: usize = 8;

/// The solved game's excitement: the measures, and typical games to chart.
#[derive(Debug, Clone, PartialEq)]
pub struct GameExcitement {
    pub measures: Measures,
    /// Typical games (`Measures::is_typical`), in the order of their seeds.
    pub courses: Vec<Course>,
}

impl std::ops::Deref for GameExcitement {
    type Target = Measures;

    fn deref(&self) -> &Measures {
        &self.measures
    }
}

/// The measures of a two-player `graph` (of `engine`'s game) with each
/// seat playing as `seats` says, and `COURSES` typical games.
pub async fn game_excitement(
    graph: &Graph,
    engine: &Engine,
    seats: &[Choice<'_>],
    progress: Option<&Progress>,
) -> Result<GameExcitement, SolveError> {
    assert_eq!(graph.seats, Seats::TWO, "the excitement measures are for two players");
    let solved = solve_chain(graph, seats, Wanted::All, progress).await?;
    let marks = Marks::new(graph, engine, progress).await?;
    let opener = usize::from(engine.new_game(0).opener);
    let passes = Passes { graph, seats, solved: &solved, marks: &marks, progress, opener };
    let by_position = passes.play(false).await?;
    let by_chance = passes.play(true).await?;
    let (median, trailing) = passes.by_rounds(engine.board().goal).await?;
    let half_way_round = ladderkit_analysis::half_way_round(median);
    let comeback = passes.comeback(half_way_round).await?;
    let undecided = passes.undecided().await?;
    let measures = Measures {
        lead_changes: by_position.changes,
        favourite_changes: by_chance.changes,
        half_way_round,
        comeback,
        uncertainty: by_position.entropy / by_position.turns,
        drama: by_position.drama / by_position.turns,
        photo_finish: by_position.photo_finish,
        lead_change_counts: None,
        decided_at: undecided / by_position.turns,
        trailing,
    };
    let courses = passes.typical_courses(&measures);
    Ok(GameExcitement { measures, courses })
}

/// Per position: each seat's progress, and whether the seat not to move
/// could win on its next turn (asked only where the mover can finish);
/// each seat's progress once all its pieces are home.
struct Marks {
    at: Vec<[u32; 2]>,
    close: Vec<bool>,
    home: [u32; 2],
}

impl Marks {
    async fn new(graph: &Graph, engine: &Engine, progress: Option<&Progress>) -> Result<Self, SolveError> {
        let n = graph.positions();
        let goal = engine.board().goal;
        let (mut at, mut close) = (vec![[0; 2]; n], vec![false; n]);
        let (mut s, mut next_turn) = (State::default(), NextTurn::default());
        let clamp = |p: u64| u32::try_from(p).unwrap_or(u32::MAX);
        let mut pace = Pace::options(progress);
        for x in 0..n {
            pace.did(graph.options_at(x)).await?;
            graph.state(x, &mut s);
            at[x] = [clamp(s.progress(0, goal)), clamp(s.progress(1, goal))];
            let finishes = graph.rolls_of(x).any(|r| graph.options_of(r).iter().any(|o| o.next >= FINISHED));
            if finishes {
                let other = 1 - graph.node(x).current;
                close[x] = next_turn.could_win(engine, &s, other);
            }
        }
        graph.state(0, &mut s);
        let home = [0, 1].map(|p| clamp(s.pieces_of(p).len() as u64 * u64::from(goal)));
        Ok(Self { at, close, home })
    }

    /// The seat alone in front at `x`, `NOBODY` on a tie.
    fn front(&self, x: usize) -> usize {
        sole(self.at[x][0].into(), self.at[x][1].into())
    }

    /// The seat alone behind at `x`, `NOBODY` on a tie.
    fn behind(&self, x: usize) -> usize {
        match self.front(x) {
            NOBODY => NOBODY,
            seat => 1 - seat,
        }
    }

    /// How far the seat behind is behind.
    fn gap(&self, x: usize) -> u32 {
        self.at[x][0].abs_diff(self.at[x][1])
    }
}

/// The seat that won when a move ends the game at `next` (`FINISHED`
/// with the winners' bits), `NOBODY` if both did.
fn winner(next: u32) -> usize {
    match next & !FINISHED {
        1 => 0,
        2 => 1,
        _ => NOBODY,
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
    /// The seat whose turn begins each round.
    opener: usize,
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
                    sums.entropy += total * entropy_bits(&[v0, v1]);
                    sums.turns += total;
                    sums.drama += total * turn_drama(&[v0, v1]);
                }
                for (next, p) in self.moves(x) {
                    if p == 0.0 {
                        continue;
                    }
                    let led_next = |l: usize| -> usize {
                        let now = if next >= FINISHED {
                            winner(next)
                        } else if by_chance {
                            favourite(self.solved.value(next as usize, 0))
                        } else {
                            self.marks.front(next as usize)
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

    /// The expected turns before the eventual winner's chance first passes
    /// `DECIDED`: the game pushed forward with, per position, whether each
    /// seat's chance has passed it yet (each seat is the eventual winner
    /// with its chance), as the race's third pass.
    async fn undecided(&self) -> Result<f64, SolveError> {
        let n = self.graph.positions();
        let at = |x: usize, f: usize| x * 4 + f;
        let (mut m, mut next) = (vec![0.0; n * 4], vec![0.0; n * 4]);
        m[at(0, 0)] = 1.0;
        let (mut undecided, mut running) = (0.0, 1.0);
        for step in 0.. {
            if running < TAIL {
                return Ok(undecided);
            }
            if step > MAX_STEPS {
                return Err(SolveError::Endless { positions: n });
            }
            Progress::check(self.progress).await?;
            next.iter_mut().for_each(|v| *v = 0.0);
            for x in 0..n {
                let (v0, v1) = (self.solved.value(x, 0), self.solved.value(x, 1));
                // Bit 0: seat 0's chance has passed it; bit 1: seat 1's.
                let passed = usize::from(v0 > DECIDED) | (usize::from(v1 > DECIDED) << 1);
                for f in 0..4 {
                    let mass = m[at(x, f)];
                    if mass == 0.0 {
                        continue;
                    }
                    let f = f | passed;
                    let unpassed = |bit: usize| if f & bit == 0 { 1.0 } else { 0.0 };
                    undecided += mass * (v0 * unpassed(1) + v1 * unpassed(2));
                    for (to, p) in self.moves(x) {
                        if to < FINISHED {
                            next[at(to as usize, f)] += mass * p;
                        }
                    }
                }
            }
            std::mem::swap(&mut m, &mut next);
            running = m.iter().sum();
        }
        unreachable!("the loop returns")
    }

    /// The game pushed forward a round at a time: the first round by whose
    /// end at least half the games are over, and the chance to win when
    /// behind at the end of each round while at least `TRAILING_FROM` of
    /// the games run on, on a race to `goal`.
    async fn by_rounds(&self, goal: u32) -> Result<(u32, Trailing), SolveError> {
        let mut m = vec![0.0; self.graph.positions()];
        m[0] = 1.0;
        let (mut over, mut median, mut trailing) = (0.0, None, Trailing::new(goal));
        for r in 1..=MAX_STEPS as u32 {
            let (next, ended) = self.round(&m).await?;
            over += ended;
            m = next;
            if over >= 0.5 && median.is_none() {
                median = Some(r);
            }
            let running: f64 = m.iter().sum();
            if running < TRAILING_FROM {
                if let Some(median) = median {
                    return Ok((median, trailing));
                }
                continue;
            }
            let cells = m.iter().enumerate().filter(|(x, mass)| **mass != 0.0 && self.marks.behind(*x) != NOBODY);
            let cells = cells.map(|(x, mass)| (*mass, self.marks.gap(x), self.solved.value(x, self.marks.behind(x))));
            trailing.push_row(r, goal, cells);
        }
        Err(SolveError::Endless { positions: self.graph.positions() })
    }

    /// Typical games from seed 1 on: the first `COURSES` whose length and
    /// lead changes are typical of `measures`, within the analysis' tries
    /// (fewer if they run out; the last game tried if none is typical).
    fn typical_courses(&self, measures: &Measures) -> Vec<Course> {
        let mut courses = Vec::new();
        let mut last = None;
        for seed in 1..=ladderkit_analysis::TYPICAL_TRIES {
            let Some(course) = self.course(seed) else { break };
            if measures.is_typical(course.rounds, course.lead_changes) {
                courses.push(course);
                if courses.len() == COURSES {
                    break;
                }
            } else {
                last = Some(course);
            }
        }
        if courses.is_empty() {
            courses.extend(last);
        }
        courses
    }

    /// Game `seed` played over the graph, with seat 0's chance after every
    /// turn; `None` if it runs past `MAX_STEPS`.
    fn course(&self, seed: u64) -> Option<Course> {
        let mut rng = GameRng::for_game(seed, 0);
        let mut uniform = move || rng.unit();
        let marks = self.marks;
        let mut x = 0;
        let mut steps = vec![CourseStep { positions: marks.at[0], a_wins: self.solved.value(0, 0) }];
        let (mut led, mut lead_changes, mut rounds) = (NOBODY, 0, 1);
        for _ in 0..MAX_STEPS {
            let mut u = uniform();
            // The last move with any chance takes what rounding leaves.
            let (mut next, mut last) = (None, None);
            for (to, p) in self.moves(x) {
                if p == 0.0 {
                    continue;
                }
                last = Some(to);
                if u < p {
                    next = Some(to);
                    break;
                }
                u -= p;
            }
            let to = next.or(last)?;
            let now = if to >= FINISHED { winner(to) } else { marks.front(to as usize) };
            if now != NOBODY {
                lead_changes += u32::from(led != NOBODY && led != now);
                led = now;
            }
            if to >= FINISHED {
                let won = winner(to);
                let mut positions = marks.at[x];
                if won != NOBODY {
                    positions[won] = marks.home[won];
                }
                let a_wins = if won == 0 { 1.0 } else { 0.0 };
                steps.push(CourseStep { positions, a_wins });
                return Some(Course { steps, winner: won.min(1), lead_changes, rounds, seed });
            }
            let to = to as usize;
            let passing = usize::from(self.graph.node(x).current) != self.opener;
            if passing && usize::from(self.graph.node(to).current) == self.opener {
                rounds += 1;
            }
            steps.push(CourseStep { positions: marks.at[to], a_wins: self.solved.value(to, 0) });
            x = to;
        }
        None
    }

    /// Plays round `m` (the positions at its start, the opener to move)
    /// through: returns where the games still running stand at its end and
    /// how many ended during it.
    async fn round(&self, m: &[f64]) -> Result<(Vec<f64>, f64), SolveError> {
        let opener = self.opener;
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

    /// The chance that the game runs on past round `h` with the eventual
    /// winner behind then.
    async fn comeback(&self, h: u32) -> Result<f64, SolveError> {
        let mut m = vec![0.0; self.graph.positions()];
        m[0] = 1.0;
        for _ in 0..h {
            m = self.round(&m).await?.0;
        }
        Ok(m.iter()
            .enumerate()
            .filter(|(x, mass)| **mass != 0.0 && self.marks.behind(*x) != NOBODY)
            .map(|(x, mass)| mass * self.solved.value(x, self.marks.behind(x)))
            .sum())
    }
}
