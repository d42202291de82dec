//! What each skill costs a runtime's model, level by level: its catalog entry (paid on every
//! turn), its body (paid on each load) and its bundled files (paid when read), in model tokens
//! with characters and bytes beside them. Never in a runtime's budget unit.
//!
//! A skill's **catalog entry** is what it adds to the catalog: the tokens of the target's whole
//! catalog minus the tokens of the catalog the target renders without that skill. The same
//! definition holds for every target, whatever its format, because it only asks the target for
//! its bytes; it also counts what a skill changes elsewhere (a separator, a shared budget that
//! shortens other descriptions), which is part of what keeping it costs. The catalog's
//! **overhead** is what no skill accounts for: the catalog minus the sum of the entries (its
//! frame, and under a budget the room the skills compete for).
//!
//! A skill's **body** is everything the target's `load` adds to the conversation (every part);
//! its **resources** are its bundled files as the provider reads them (the cap cuts long files;
//! binary files are skipped with the reason).

use std::borrow::Cow;
use std::iter::Sum;
use std::ops::{Add, Range, Sub};
use std::path::Path;

use serde::Serialize;

use crate::hash::{HashMap, HashSet};
use crate::parallel;
use crate::paths;
use crate::progress::Progress;
use crate::provider::{ResourceError, Resources, SkillProvider, Truncation};
use crate::skill::{Scope, Skill};
use crate::targets::Target;
use crate::targets::catalog::{self, Catalog, Change, ChangeKind, Context, Entry};
use crate::targets::load::LoadInput;
use crate::tokens::{self, Encoding, Variants};

/// The size of a text (or a difference between two): model tokens, Unicode scalar values and
/// UTF-8 bytes. Catalog entries can be negative when leaving a skill out lets the others grow.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Size {
    pub tokens: i64,
    pub characters: i64,
    pub bytes: i64,
}

impl Size {
    pub fn of(text: &str, encoding: Encoding) -> Self {
        Self {
            tokens: to_i64(tokens::count(text, encoding)),
            characters: to_i64(text.chars().count()),
            bytes: to_i64(text.len()),
        }
    }
}

fn to_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

impl Add for Size {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Self {
            tokens: self.tokens.saturating_add(other.tokens),
            characters: self.characters.saturating_add(other.characters),
            bytes: self.bytes.saturating_add(other.bytes),
        }
    }
}

impl Sub for Size {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Self {
            tokens: self.tokens.saturating_sub(other.tokens),
            characters: self.characters.saturating_sub(other.characters),
            bytes: self.bytes.saturating_sub(other.bytes),
        }
    }
}

impl Sum for Size {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::default(), Add::add)
    }
}

/// Sizes texts in one encoding, for a target's [`LeaveOneOut`].
#[derive(Debug, Clone, Copy)]
pub struct Sizer {
    encoding: Encoding,
}

impl Sizer {
    pub const fn new(encoding: Encoding) -> Self {
        Self { encoding }
    }

    pub fn of(&self, text: &str) -> Size {
        Size::of(text, self.encoding)
    }

    /// The size of each text, counted on every core.
    pub fn each<T: AsRef<str> + Sync>(&self, texts: &[T]) -> Vec<Size> {
        parallel::map(texts, |text| self.of(text.as_ref()))
    }
}

/// What a target's [`LeaveOneOut`] works out from the sizes of a catalog's parts: the whole
/// catalog's size, and the size of the catalog without each known entry (`None` where it is
/// rendered again instead).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    pub full: Size,
    pub without: Vec<Option<Size>>,
}

/// The size of a target's catalog for `known` and without each of its entries, from the
/// sizes of its parts; `None` when the target cannot tell. The parts must meet where the
/// tokenizer never joins two pieces (a cut of [`tokens::Variants`], such as a line feed
/// followed by a character that is not white space), so that token counts add up. [`measure`] checks the
/// whole and three entries against real renders and renders every entry otherwise.
pub type LeaveOneOut = fn(&[Entry<'_>], &Context<'_>, &Sizer) -> Option<LeftOut>;

/// How the catalog lists a skill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Listing {
    /// In full.
    Listed,
    /// Skipped, shadowed, shortened, without description or omitted, and why.
    Changed { kind: ChangeKind, reason: String },
}

/// What loading a skill costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// Everything the load adds.
    Loaded(Size),
    /// The runtime answers the load with an error: its text.
    Refused(String),
    /// The runtime cannot load this skill by its name (skipped, or another skill wins the name).
    NotLoadable(String),
}

impl Body {
    pub fn size(&self) -> Option<Size> {
        match self {
            Self::Loaded(size) => Some(*size),
            Self::Refused(_) | Self::NotLoadable(_) => None,
        }
    }
}

/// One bundled file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileCost {
    /// Relative to the skill directory, with `/` separators.
    pub path: String,
    /// What a read returns, or why the provider refuses it (a binary file, a symlink out of the
    /// skill…).
    pub read: Result<FileRead, String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileRead {
    pub size: Size,
    /// The read was cut at the provider's cap.
    pub truncated: Option<Truncation>,
}

/// Everything one skill costs.
#[derive(Debug, Clone)]
pub struct SkillCost<'a> {
    pub skill: &'a Skill,
    /// The name the target knows it by.
    pub name: String,
    pub listing: Listing,
    /// What the skill adds to the catalog (zero when the catalog does not list it).
    pub entry: Size,
    pub body: Body,
    pub files: Vec<FileCost>,
    /// Why the file list is incomplete: the provider's bound, or an error listing the directory.
    pub files_note: Option<String>,
}

impl SkillCost<'_> {
    /// The files that could be read, together.
    pub fn resources(&self) -> Size {
        self.files
            .iter()
            .filter_map(|f| f.read.as_ref().ok())
            .map(|r| r.size)
            .sum()
    }

    /// Catalog entry, body and resources.
    pub fn total(&self) -> Size {
        self.entry + self.body.size().unwrap_or_default() + self.resources()
    }
}

/// Every skill's cost, and the catalog's.
#[derive(Debug, Clone)]
pub struct Costs<'a> {
    pub encoding: Encoding,
    /// The whole catalog, as `skills catalog` renders it.
    pub catalog: Catalog,
    pub catalog_size: Size,
    /// In discovery order.
    pub skills: Vec<SkillCost<'a>>,
}

impl Costs<'_> {
    /// The catalog minus every entry: what the catalog costs whatever skills it lists.
    pub fn overhead(&self) -> Size {
        self.catalog_size - self.skills.iter().map(|s| s.entry).sum()
    }

    /// Every body that loads, together.
    pub fn bodies(&self) -> Size {
        self.skills.iter().filter_map(|s| s.body.size()).sum()
    }

    /// Every file that could be read, together.
    pub fn resources(&self) -> Size {
        self.skills.iter().map(SkillCost::resources).sum()
    }

    /// The catalog, every body and every file.
    pub fn total(&self) -> Size {
        self.catalog_size + self.bodies() + self.resources()
    }
}

/// What `target` costs for each of `provider`'s skills, counted in `encoding`.
///
/// Two passes on every core: the first loads each skill and reads its files; the second renders
/// the catalog without each skill and counts everything. Each skill is two steps of `progress`:
/// its load, and its catalog entry.
pub fn measure<'a, P>(
    target: &Target,
    provider: &'a P,
    cx: &Context<'_>,
    encoding: Encoding,
    progress: &Progress,
) -> Costs<'a>
where
    P: SkillProvider + Sync,
{
    let skills = provider.list();
    // The catalog exactly as `skills catalog` builds it, and the skills it is built from.
    let (known, changes) = catalog::known(target, skills, cx);
    let full = catalog::render(target, skills.len(), &known, changes, cx);
    // Before collisions are settled: leaving a skill out can bring a rival in.
    let (admitted, _) = catalog::admitted(target, skills);
    let known_at: HashMap<*const Skill, usize> = known
        .iter()
        .enumerate()
        .rev() // the first of several wins
        .map(|(k, e)| (std::ptr::from_ref(e.skill), k))
        .collect();
    let change_of: HashMap<&Path, &Change> = full
        .changes
        .iter()
        .rev()
        .map(|c| (c.path.as_path(), c))
        .collect();
    let mut admitted_names: HashMap<&str, usize> = HashMap::default();
    for entry in &admitted {
        *admitted_names.entry(entry.name.as_str()).or_default() += 1;
    }
    let first_named: HashMap<&str, usize> = known
        .iter()
        .enumerate()
        .rev()
        .map(|(k, e)| (e.name.as_str(), k))
        .collect();
    let mut work = Work {
        target,
        skills,
        known_as: skills
            .iter()
            .map(|skill| known_at.get(&std::ptr::from_ref(skill)).copied())
            .collect(),
        change: skills
            .iter()
            .map(|skill| change_of.get(skill.skill_md.as_path()).copied())
            .collect(),
        known: &known,
        admitted: &admitted,
        pieces: pieces(target, &known, &full.text, cx),
        alone: known
            .iter()
            .map(|e| admitted_names.get(e.name.as_str()) == Some(&1))
            .collect(),
        first_named,
        left_out: None,
        provider,
        cx,
    };
    let variants = Variants::new(&full.text, encoding);
    let catalog_size = Size {
        tokens: to_i64(variants.base()),
        characters: to_i64(full.text.chars().count()),
        bytes: to_i64(full.text.len()),
    };
    if work.pieces.is_none() {
        work.left_out = work.left_out(&Sizer::new(encoding), catalog_size);
    }

    progress.expect(2 * skills.len());
    let gathered = parallel::map(0..skills.len(), |i| {
        let gathered = work.gather(i);
        progress.step();
        gathered
    });

    let mut jobs = Vec::new();
    for (i, skill) in gathered.iter().enumerate() {
        jobs.push(Count::Entry(i));
        if let Loaded::Parts(parts) = &skill.body {
            jobs.push(Count::Parts(parts));
        }
        for file in &skill.files {
            if let Ok((text, _)) = &file.1 {
                jobs.push(Count::Text(text));
            }
        }
    }
    let mut counted = parallel::map(jobs, |job| match job {
        Count::Entry(i) => {
            let size = work.entry(i, &variants, catalog_size);
            progress.step();
            size
        }
        Count::Parts(parts) => parts.iter().map(|p| Size::of(p, encoding)).sum(),
        Count::Text(text) => Size::of(text, encoding),
    })
    .into_iter();
    let mut next = || counted.next().unwrap_or_default();

    let mut costs = Vec::with_capacity(skills.len());
    for (i, gathered) in gathered.into_iter().enumerate() {
        let entry = next();
        let body = match gathered.body {
            Loaded::Parts(_) => Body::Loaded(next()),
            Loaded::Not(body) => body,
        };
        let files = gathered
            .files
            .into_iter()
            .map(|(path, read)| FileCost {
                path,
                read: read.map(|(_, truncated)| FileRead {
                    size: next(),
                    truncated,
                }),
            })
            .collect();
        let (name, listing) = work.listing(i);
        costs.push(SkillCost {
            skill: &skills[i],
            name,
            listing,
            entry,
            body,
            files,
            files_note: gathered.files_note,
        });
    }
    Costs {
        encoding,
        catalog: full,
        catalog_size,
        skills: costs,
    }
}

/// Where each of `known`'s entries lies in `full`, the catalog `target` renders for them, when
/// that catalog is a frame (a head and a tail) around one piece per entry, each rendered alone
/// as it is among the others: the catalog of the entries one at a time gives the frame and each
/// piece, and the pieces must follow one another in `full`. Then the catalog without an entry
/// is `full` without its piece, which costs no render of the rest: leave-one-out stays linear
/// in the number of skills. `None` for any other catalog (a budget that shortens or drops
/// entries, numbering, a count in the head, another order), which is rendered without each
/// skill in full. The catalogs without the first, the middle and the last entry are rendered
/// too, and must be `full` without their pieces. An entry the catalog skips (and says so) has
/// an empty piece, once the catalog of the others alone is found to be `full`.
fn pieces(
    target: &Target,
    known: &[Entry<'_>],
    full: &str,
    cx: &Context<'_>,
) -> Option<Vec<Range<usize>>> {
    let whole = (target.render)(known, cx);
    if whole.text != full || whole.changes.iter().any(|c| c.kind != ChangeKind::Skipped) {
        return None;
    }
    // A skipped entry has no piece: the catalog is the same without it (checked).
    let skipped: HashSet<&Path> = whole.changes.iter().map(|c| c.path.as_path()).collect();
    let listed: Vec<usize> = (0..known.len())
        .filter(|&k| !skipped.contains(known[k].skill.skill_md.as_path()))
        .collect();
    if listed.len() == known.len() {
        return listed_pieces(target, known, full, cx);
    }
    let entries: Vec<Entry<'_>> = listed.iter().map(|&k| known[k].clone()).collect();
    let others = (target.render)(&entries, cx);
    if others.text != full || !others.changes.is_empty() {
        return None;
    }
    let found = listed_pieces(target, &entries, full, cx)?;
    let mut pieces = vec![0..0; known.len()];
    for (range, k) in found.into_iter().zip(listed) {
        pieces[k] = range;
    }
    Some(pieces)
}

/// [`pieces`] for entries the catalog lists every one of.
fn listed_pieces(
    target: &Target,
    known: &[Entry<'_>],
    full: &str,
    cx: &Context<'_>,
) -> Option<Vec<Range<usize>>> {
    let m = known.len();
    if m < 2 {
        return None;
    }
    let singles = known
        .iter()
        .map(|entry| {
            let alone = (target.render)(std::slice::from_ref(entry), cx);
            alone.changes.is_empty().then_some(alone.text)
        })
        .collect::<Option<Vec<String>>>()?;
    // Each single has the frame once, the catalog once in all: m - 1 frames over.
    let frame = singles
        .iter()
        .map(String::len)
        .sum::<usize>()
        .checked_sub(full.len())?;
    if frame % (m - 1) != 0 {
        return None;
    }
    let frame = frame / (m - 1);
    let shared = singles[0]
        .bytes()
        .zip(full.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    // The head is at most what the first single and the catalog share; a piece that starts
    // like the frame ends leaves a few lengths to try. The pieces may also be joined by a
    // separator, one fewer than there are pieces: then each single's frame is longer than the
    // catalog's share of it by the separator. Pieces in the skills' order are looked for
    // first, with every frame that may fit; then pieces anywhere.
    let frames = |tries: usize| {
        SEPARATORS.iter().flat_map(move |&sep| {
            let frame = frame + sep.len();
            (0..=shared.min(frame))
                .rev()
                .take(tries)
                .map(move |head| (head, frame - head, sep))
        })
    };
    let pieces = frames(64)
        .find_map(|(head, tail, sep)| layout(full, &singles, head, tail, sep, false))
        .or_else(|| {
            frames(64).find_map(|(head, tail, sep)| layout(full, &singles, head, tail, sep, true))
        })?;
    for k in samples(m) {
        let without = (target.render)(&all_but(known, k), cx).text;
        let piece = &pieces[k];
        if without.len() + piece.len() != full.len()
            || !without.starts_with(&full[..piece.start])
            || !without.ends_with(&full[piece.end..])
        {
            return None;
        }
    }
    Some(pieces)
}

/// The entries checked against real renders: the first, the middle and the last of `m`.
fn samples(m: usize) -> Vec<usize> {
    let mut samples = vec![0, m / 2, m.saturating_sub(1)];
    samples.dedup();
    samples
}

/// `known` without entry `k`.
fn all_but<'a>(known: &[Entry<'a>], k: usize) -> Vec<Entry<'a>> {
    known
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != k)
        .map(|(_, e)| e.clone())
        .collect()
}

/// What may join the pieces of a catalog: nothing, or a line feed or a comma between two.
const SEPARATORS: [&str; 3] = ["", "\n", ", "];

/// The pieces of `full` when its frame is `head` bytes before them and `tail` after, each
/// single catalog being the frame around one piece, and the pieces joined by `sep`: one after
/// another in the order of `singles`, or, `anywhere`, for a catalog that orders its skills its
/// own way (by name, say), wherever each lies, as long as together they fill the space between
/// the frame's two parts. Each range is what leaving its skill out takes away: the piece with
/// the separator after it, or before it for the piece that comes last.
fn layout(
    full: &str,
    singles: &[String],
    head: usize,
    tail: usize,
    sep: &str,
    anywhere: bool,
) -> Option<Vec<Range<usize>>> {
    let end = full.len().checked_sub(tail)?;
    let (before, after) = (full.get(..head)?, full.get(end..)?);
    let pieces = singles
        .iter()
        .map(|single| {
            let piece = single.get(head..single.len().checked_sub(tail)?)?;
            (single.starts_with(before) && single.ends_with(after)).then_some(piece)
        })
        .collect::<Option<Vec<&str>>>()?;
    if !anywhere {
        return in_order(full, &pieces, sep, head, end);
    }
    // With a separator after every piece, the last one's added where the frame resumes, the
    // pieces fill the space between the frame's parts one after another.
    let joined: Cow<'_, str> = if sep.is_empty() {
        Cow::Borrowed(full)
    } else {
        Cow::Owned(format!("{}{sep}{after}", full.get(..end)?))
    };
    let texts: Vec<String> = pieces.iter().map(|piece| format!("{piece}{sep}")).collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let stop = end + sep.len();
    // Whole lines find the pieces of a list of lines; the items of a list on one line (`a, b`)
    // end with the separator instead.
    let delim = if sep.is_empty() { "\n" } else { sep };
    placed(&joined, &texts, head, stop, delim)?
        .into_iter()
        .map(|r| {
            if r.end == stop {
                Some(r.start.checked_sub(sep.len())?..end)
            } else {
                Some(r)
            }
        })
        .collect()
}

/// The ranges when `pieces`, joined by `sep`, follow one another from `head` to `end` in
/// `full`: each piece with the separator after it, the last with the one before it.
fn in_order(
    full: &str,
    pieces: &[&str],
    sep: &str,
    head: usize,
    end: usize,
) -> Option<Vec<Range<usize>>> {
    let mut at = head;
    let mut ranges = Vec::with_capacity(pieces.len());
    for (k, piece) in pieces.iter().enumerate() {
        if k > 0 {
            if full.get(at..at + sep.len())? != sep {
                return None;
            }
            at += sep.len();
        }
        if full.get(at..at + piece.len())? != *piece {
            return None;
        }
        ranges.push(at..at + piece.len() + sep.len());
        at += piece.len();
    }
    if at != end {
        return None;
    }
    if let Some(last) = ranges.last_mut() {
        *last = last.start.checked_sub(sep.len())?..end;
    }
    Some(ranges)
}

/// The pieces when `texts` fill `full[head..end]` in some other order. Each is looked for by
/// the one of its whole lines (its parts that end with `delim`, a line feed or the separator
/// of a list on one line) that begins the fewest lines of that span (its name's line, usually,
/// which begins one), so finding them all takes time in proportion to the catalog's length,
/// not to the skills times the catalog. `None` when a piece holds no whole line, when one is
/// not found, or when the pieces found do not fill the span exactly.
fn placed(
    full: &str,
    texts: &[&str],
    head: usize,
    end: usize,
    delim: &str,
) -> Option<Vec<Range<usize>>> {
    let span = full.get(head..end)?;
    // A frame of the wrong length cuts pieces that are not in the catalog: two searches turn
    // most of those away before the catalog is indexed.
    for piece in texts.iter().take(2) {
        memchr::memmem::find(span.as_bytes(), piece.as_bytes())?;
    }
    // Where each line of the span (with its line feed) begins, by its text.
    let mut lines: HashMap<&str, Vec<usize>> = HashMap::default();
    let mut at = 0;
    while at < span.len() {
        let stop = span[at..]
            .find(delim)
            .map_or(span.len(), |i| at + i + delim.len());
        lines.entry(&span[at..stop]).or_default().push(head + at);
        at = stop;
    }
    let mut taken: HashSet<usize> = HashSet::default();
    let mut pieces = Vec::with_capacity(texts.len());
    for piece in texts {
        // The piece's lines that end in a line feed, each with its offset in the piece, and the
        // rarest of them in the span. A line after a line feed of the piece begins a line of the
        // span wherever the piece lies; its first line does only if the piece begins one.
        let mut rarest: Option<(usize, &Vec<usize>)> = None;
        let mut from = 0;
        while let Some(i) = piece[from..].find(delim) {
            let stop = from + i + delim.len();
            match lines.get(&piece[from..stop]) {
                Some(starts) if rarest.is_none_or(|(_, fewest)| starts.len() < fewest.len()) => {
                    rarest = Some((from, starts));
                }
                Some(_) => {}
                None if from == 0 => {}
                None => return None,
            }
            from = stop;
        }
        let (offset, starts) = rarest?;
        let start = starts.iter().find_map(|&line| {
            let start = line.checked_sub(offset).filter(|&s| s >= head)?;
            (!taken.contains(&start) && full.get(start..start + piece.len()) == Some(*piece))
                .then_some(start)
        })?;
        taken.insert(start);
        pieces.push(start..start + piece.len());
    }
    let mut sorted: Vec<&Range<usize>> = pieces.iter().collect();
    sorted.sort_unstable_by_key(|r| r.start);
    let mut at = head;
    for range in sorted {
        if range.start != at {
            return None;
        }
        at = range.end;
    }
    (at == end).then_some(pieces)
}

/// A skill's texts, before counting.
struct Gathered {
    body: Loaded,
    /// Each file's path and what reading it gave.
    files: Vec<(String, Result<Text, String>)>,
    files_note: Option<String>,
}

/// A file's text (with its truncation), or why it is skipped.
type Text = (String, Option<Truncation>);

enum Loaded {
    /// The text of every part the load adds.
    Parts(Vec<String>),
    Not(Body),
}

/// What the second pass counts, in the order the results are taken back.
enum Count<'t> {
    Entry(usize),
    Parts(&'t [String]),
    Text(&'t str),
}

/// What both passes read.
struct Work<'w, 'a, P> {
    target: &'w Target,
    skills: &'a [Skill],
    /// Each skill's index in `known`, when the target knows it.
    known_as: Vec<Option<usize>>,
    /// What the catalog did to each skill, if anything.
    change: Vec<Option<&'w Change>>,
    known: &'w [Entry<'a>],
    /// Every skill the target admits, before name collisions are settled.
    admitted: &'w [Entry<'a>],
    /// Where each known skill's text lies in the catalog, when the catalog is a frame around
    /// one piece per skill ([`pieces`]).
    pieces: Option<Vec<Range<usize>>>,
    /// Whether each known skill is the only admitted one with its name: then leaving it out
    /// brings no rival in.
    alone: Vec<bool>,
    /// The first known skill of each name.
    first_named: HashMap<&'w str, usize>,
    /// The size of the catalog without each known skill, from the target's
    /// [`LeaveOneOut`], when it has one and it agrees with real renders.
    left_out: Option<Vec<Option<Size>>>,
    provider: &'a P,
    cx: &'w Context<'w>,
}

impl<'a, P: SkillProvider + Sync> Work<'_, 'a, P> {
    /// Skill `i`'s load and files, as texts.
    fn gather(&self, i: usize) -> Gathered {
        let skill = &self.skills[i];
        if skill.origin.scope == Scope::Builtin {
            // Only its catalog entry is known: the rest ships inside the client.
            return Gathered {
                body: Loaded::Not(Body::NotLoadable(
                    "one of the runtime's own skills: its text and files ship inside the client and are not measured".to_owned(),
                )),
                files: Vec::new(),
                files_note: None,
            };
        }
        let (files, files_note) = match self.provider.resources_of(skill) {
            Ok(Resources { files, truncated }) => {
                let files = files
                    .into_iter()
                    .map(|path| {
                        let read = self.read(skill, &path);
                        (path, read)
                    })
                    .collect();
                let note = truncated.then(|| {
                    "only the first files are counted: the listing stopped at the provider's bound"
                        .to_owned()
                });
                (files, note)
            }
            Err(err) => (
                Vec::new(),
                Some(format!("the files cannot be listed: {err}")),
            ),
        };
        Gathered {
            body: self.load(i),
            files,
            files_note,
        }
    }

    fn load(&self, i: usize) -> Loaded {
        let Some(k) = self.known_as[i] else {
            let why = match self.change[i].map(|c| c.kind) {
                Some(ChangeKind::Shadowed) => "another skill wins its name",
                _ => "the runtime skips it",
            };
            return Loaded::Not(Body::NotLoadable(why.to_owned()));
        };
        let name = self.known[k].name.as_str();
        // `level2::find`, looked up.
        if let Some(first) = self.first_named.get(name).map(|&f| &self.known[f])
            && !std::ptr::eq(first.skill, &self.skills[i])
        {
            return Loaded::Not(Body::NotLoadable(format!(
                "loading `{name}` gives {}",
                paths::display(&first.skill.skill_md, &self.cx.env.cwd)
            )));
        }
        let output = (self.target.load)(&LoadInput {
            name,
            known: self.known,
            provider: self.provider,
            earlier_loads: 0,
            mode: None,
            cx: self.cx,
        });
        if output.error {
            return Loaded::Not(Body::Refused(output.display()));
        }
        Loaded::Parts(output.parts.into_iter().map(|p| p.text).collect())
    }

    fn read(&self, skill: &Skill, path: &str) -> Result<Text, String> {
        match self.provider.read_resource_of(skill, path, None) {
            Ok(resource) => Ok((resource.text, resource.truncated)),
            Err(ResourceError::Binary { offset, .. }) => {
                Err(format!("binary (a NUL byte at offset {offset})"))
            }
            Err(err) => Err(err.to_string()),
        }
    }

    /// The catalog's size minus the size of the catalog without skill `i`.
    fn entry(&self, i: usize, variants: &Variants<'_>, full: Size) -> Size {
        if let (Some(pieces), Some(k)) = (&self.pieces, self.known_as[i])
            && self.alone[k]
        {
            // The catalog without the skill is the catalog without its piece.
            let piece = &pieces[k];
            let text = &variants.text()[piece.clone()];
            return Size {
                tokens: to_i64(variants.base() - variants.count_without(piece.start, piece.end)),
                characters: to_i64(text.chars().count()),
                bytes: to_i64(text.len()),
            };
        }
        if let (Some(left_out), Some(k)) = (&self.left_out, self.known_as[i])
            && self.alone[k]
            && let Some(without) = left_out[k]
        {
            return full - without;
        }
        let Some(entries) = self.known_without(i) else {
            return Size::default();
        };
        let without = (self.target.render)(&entries, self.cx).text;
        full - Size {
            tokens: to_i64(variants.count(&without)),
            characters: to_i64(without.chars().count()),
            bytes: to_i64(without.len()),
        }
    }

    /// The sizes of the catalog without each known skill from the target's [`LeaveOneOut`],
    /// when its whole agrees with `full` and its answers for the first, the middle and the last
    /// skill agree with real renders.
    fn left_out(&self, sizer: &Sizer, full: Size) -> Option<Vec<Option<Size>>> {
        let left_out = (self.target.leave_one_out?)(self.known, self.cx, sizer)?;
        let m = self.known.len();
        if left_out.full != full || left_out.without.len() != m {
            return None;
        }
        for k in samples(m) {
            let Some(Some(without)) = left_out.without.get(k) else {
                continue;
            };
            if sizer.of(&(self.target.render)(&all_but(self.known, k), self.cx).text) != *without {
                return None;
            }
        }
        Some(left_out.without)
    }

    /// The skills the target would know without skill `i`: the admitted rest, with name
    /// collisions settled again by the target's own rule (leaving a skill out can bring a rival
    /// in); `None` when that changes nothing.
    fn known_without(&self, i: usize) -> Option<Vec<Entry<'a>>> {
        let skill = &self.skills[i];
        if !self.admitted.iter().any(|e| std::ptr::eq(e.skill, skill)) {
            return None;
        }
        let rest: Vec<Entry<'a>> = self
            .admitted
            .iter()
            .filter(|e| !std::ptr::eq(e.skill, skill))
            .cloned()
            .collect();
        let entries = catalog::settle(rest, self.target.collision);
        let unchanged = entries.len() == self.known.len()
            && entries
                .iter()
                .zip(self.known)
                .all(|(a, b)| std::ptr::eq(a.skill, b.skill));
        (!unchanged).then_some(entries)
    }

    /// The name the target knows skill `i` by, and how its catalog lists it.
    fn listing(&self, i: usize) -> (String, Listing) {
        let name = match (self.known_as[i], self.change[i]) {
            (Some(k), _) => self.known[k].name.clone(),
            (None, Some(change)) => change.name.clone(),
            (None, None) => self.skills[i].name().into_owned(),
        };
        let listing = match self.change[i] {
            Some(change) => Listing::Changed {
                kind: change.kind,
                reason: change.reason.clone(),
            },
            None => Listing::Listed,
        };
        (name, listing)
    }
}

/// The per-skill limits of `skills tokens`, in tokens.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    pub catalog: Option<u64>,
    pub body: Option<u64>,
    pub skill: Option<u64>,
}

/// Which limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Gate {
    /// `--max-catalog-tokens`: a skill's catalog entry.
    MaxCatalogTokens,
    /// `--max-body-tokens`: a skill's body.
    MaxBodyTokens,
    /// `--max-skill-tokens`: a skill's catalog entry, body and resources together.
    MaxSkillTokens,
}

impl Gate {
    /// The option, such as `--max-body-tokens`.
    pub const fn flag(self) -> &'static str {
        match self {
            Self::MaxCatalogTokens => "--max-catalog-tokens",
            Self::MaxBodyTokens => "--max-body-tokens",
            Self::MaxSkillTokens => "--max-skill-tokens",
        }
    }

    /// What it measures, for messages.
    pub const fn measure(self) -> &'static str {
        match self {
            Self::MaxCatalogTokens => "catalog entry",
            Self::MaxBodyTokens => "body",
            Self::MaxSkillTokens => "total",
        }
    }
}

/// A skill over a limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offence {
    /// Index into [`Costs::skills`].
    pub skill: usize,
    pub gate: Gate,
    pub limit: u64,
    pub tokens: i64,
}

impl Offence {
    /// How many tokens over the limit.
    pub fn over(&self) -> i64 {
        self.tokens
            .saturating_sub(i64::try_from(self.limit).unwrap_or(i64::MAX))
    }
}

/// Every skill over a limit, skill by skill in discovery order, gates in flag order. A body the
/// runtime does not return is not measured, so it is never over.
pub fn offences(costs: &Costs<'_>, limits: Limits) -> Vec<Offence> {
    let mut found = Vec::new();
    for (i, skill) in costs.skills.iter().enumerate() {
        let checks = [
            (Gate::MaxCatalogTokens, limits.catalog, Some(skill.entry)),
            (Gate::MaxBodyTokens, limits.body, skill.body.size()),
            (Gate::MaxSkillTokens, limits.skill, Some(skill.total())),
        ];
        for (gate, limit, size) in checks {
            if let (Some(limit), Some(size)) = (limit, size)
                && size.tokens > i64::try_from(limit).unwrap_or(i64::MAX)
            {
                found.push(Offence {
                    skill: i,
                    gate,
                    limit,
                    tokens: size.tokens,
                });
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::{MemoryProvider, MemorySkill};
    use crate::sequence::Sequence;
    use crate::targets::catalog::{Collision, Paths};
    use crate::targets::env::Env;
    use crate::targets::find;
    use crate::targets::load::{Call, Output};

    fn skill(dir: &str, name: &str, description: &str) -> MemorySkill {
        MemorySkill::new(
            format!("/p/skills/{dir}"),
            format!("---\nname: {name}\ndescription: {description}\n---\n# {name}\n\nSteps.\n"),
        )
    }

    fn measure_with<'a>(
        target: &Target,
        provider: &'a MemoryProvider,
        window: Option<u64>,
    ) -> Costs<'a> {
        let (paths, env) = (Paths::absolute(None), Env::new("/p", None));
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: window,
            model: None,
        };
        measure(
            target,
            provider,
            &cx,
            Encoding::O200kBase,
            &Progress::default(),
        )
    }

    fn agentskills() -> &'static Target {
        find("agentskills").expect("agentskills is a target")
    }

    /// The catalog of these skills, by a fresh build.
    fn catalog_tokens(target: &Target, skills: Vec<MemorySkill>) -> i64 {
        let provider = MemoryProvider::new(skills);
        let (paths, env) = (Paths::absolute(None), Env::new("/p", None));
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let text = catalog::build(target, provider.list(), &cx).text;
        to_i64(tokens::count(&text, Encoding::O200kBase))
    }

    /// Skills with names and descriptions of every sort a budget meets: none, short, long,
    /// over a runtime's cap, wide characters, markup, line breaks.
    fn varied_skills(seq: &mut Sequence, n: usize) -> Vec<MemorySkill> {
        const WORDS: [&str; 12] = [
            "parse", "PDF", "files", "when", "the", "user", "asks", "<b>", "表格", "é", "--", "x",
        ];
        (0..n)
            .map(|i| {
                let words = match seq.next() % 7 {
                    0 => 0,
                    1 => 300 + seq.next() % 200,
                    _ => seq.next() % 40,
                };
                let mut description = String::new();
                for w in 0..words {
                    if w > 0 {
                        description.push(if seq.next() % 13 == 0 { '\n' } else { ' ' });
                    }
                    description.push_str(WORDS[(seq.next() % 12) as usize]);
                }
                let name = format!("s{:03}-{}", seq.next() % 1000, i);
                let quoted = serde_json::to_string(&description).unwrap_or_default();
                MemorySkill::new(
                    format!("/p/skills/{name}"),
                    format!("---\nname: {name}\ndescription: {quoted}\n---\n# {name}\n"),
                )
            })
            .collect()
    }

    #[test]
    fn every_shortcut_gives_what_rendering_without_the_skill_gives() {
        let mut seq = Sequence::new(0x2545_f491_4f6c_dd1d);
        let paths = Paths::absolute(None);
        let home = Env::new("/p", Some("/h".into()));
        let sizer = Sizer::new(Encoding::O200kBase);
        for target in crate::targets::TARGETS
            .iter()
            .filter(|t| t.leave_one_out.is_some())
        {
            let models: Vec<Option<&str>> = std::iter::once(None)
                .chain(target.models.iter().map(|m| Some(m.id)))
                .collect();
            let (mut answered, mut asked, mut over_budget) = (0, 0, 0);
            for round in 0..13 {
                // The last round is long enough for fixed budgets of a few thousand
                // characters to take names away too; some of its skills are checked.
                let n = [1, 2, 3, 7, 16, 30, 170][round.min(12) % 6 + 6 * usize::from(round == 12)];
                let provider = MemoryProvider::new(varied_skills(&mut seq, n));
                let model = models[round % models.len()];
                let unlimited = home
                    .clone()
                    .with_var("SLASH_COMMAND_TOOL_CHAR_BUDGET", "1e12");
                let cx = |env, context_window| Context {
                    paths: &paths,
                    env,
                    context_window,
                    model,
                };
                // Budgets that leave room for some descriptions and not for others.
                let (known, _) = catalog::known(target, provider.list(), &cx(&unlimited, None));
                let used = (target.render)(&known, &cx(&unlimited, None))
                    .budget
                    .map_or(0, |b| b.used);
                let mut settings = vec![(home.clone(), None), (home.clone(), Some(2_000))];
                for percent in [15, 40, 70, 90, 99] {
                    let budget = (used * percent / 100).to_string();
                    settings.push((
                        home.clone()
                            .with_var("SLASH_COMMAND_TOOL_CHAR_BUDGET", &budget),
                        None,
                    ));
                }
                if n > 30 {
                    settings.drain(1..4);
                    settings.truncate(2);
                }
                for (env, window) in &settings {
                    let cx = cx(env, *window);
                    let (known, _) = catalog::known(target, provider.list(), &cx);
                    let whole = (target.render)(&known, &cx);
                    let case = format!("{} with {n} skills, {window:?}, {model:?}", target.id);
                    over_budget += usize::from(
                        whole
                            .changes
                            .iter()
                            .any(|c| c.kind != ChangeKind::Shortened),
                    );
                    let Some(left_out) = (target.leave_one_out.unwrap())(&known, &cx, &sizer)
                    else {
                        // Rendered without each skill instead.
                        asked += known.len();
                        continue;
                    };
                    assert_eq!(left_out.full, sizer.of(&whole.text), "{case}");
                    for (k, without) in left_out.without.iter().enumerate() {
                        if n > 30 && k % 29 > 2 {
                            continue;
                        }
                        asked += 1;
                        let Some(without) = without else { continue };
                        answered += 1;
                        let mut rest = known.clone();
                        rest.remove(k);
                        let text = (target.render)(&rest, &cx).text;
                        assert_eq!(*without, sizer.of(&text), "{case}, without {k}");
                    }
                }
            }
            // Codex renders again the catalogs that share descriptions out.
            assert!(
                answered * 3 >= asked * 2,
                "{}: {answered} of {asked}",
                target.id
            );
            assert!(over_budget >= 2, "{}: {over_budget} over budget", target.id);
        }
    }

    #[test]
    fn an_entry_is_the_catalog_minus_the_catalog_without_the_skill() {
        let (a, b) = (
            skill("a", "alpha", "Does alpha things. Use for alpha."),
            skill("b", "beta", "Does beta. Use when beta & co are needed."),
        );
        let provider = MemoryProvider::new([a.clone(), b.clone()]);
        let costs = measure_with(agentskills(), &provider, None);
        let full = catalog_tokens(agentskills(), vec![a.clone(), b.clone()]);
        assert_eq!(costs.catalog_size.tokens, full);
        assert_eq!(
            costs.skills[0].entry.tokens,
            full - catalog_tokens(agentskills(), vec![b])
        );
        assert_eq!(
            costs.skills[1].entry.tokens,
            full - catalog_tokens(agentskills(), vec![a])
        );
        let entries: Size = costs.skills.iter().map(|s| s.entry).sum();
        assert_eq!(entries + costs.overhead(), costs.catalog_size);
        assert!(costs.overhead().tokens > 0);
    }

    #[test]
    fn entries_without_rendering_the_rest_equal_the_catalog_rebuilt_without_each_skill() {
        let skills = vec![
            skill("a", "alpha", "Does alpha things. Use for alpha."),
            skill(
                "b",
                "beta",
                "Does beta. Use when beta & co are needed.\nSecond line.",
            ),
            skill("c", "gamma", "Ünïcode 日本語 description. Use for gamma."),
            skill("d", "beta", "A second beta. Use for beta too."),
            skill("e", "delta", "Delta: with a colon. Use for delta."),
        ];
        let provider = MemoryProvider::new(skills.clone());
        let (paths, env) = (Paths::absolute(None), Env::new("/p", None));
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let (known, _) = catalog::known(agentskills(), provider.list(), &cx);
        let full = catalog::build(agentskills(), provider.list(), &cx).text;
        let found = pieces(agentskills(), &known, &full, &cx).expect("a frame around pieces");
        assert_eq!(found.len(), known.len());
        for target in crate::targets::TARGETS {
            let costs = measure_with(target, &provider, None);
            let full = catalog_tokens(target, skills.clone());
            for (i, cost) in costs.skills.iter().enumerate() {
                let mut rest = skills.clone();
                rest.remove(i);
                assert_eq!(
                    cost.entry.tokens,
                    full - catalog_tokens(target, rest),
                    "{} {i}",
                    target.id
                );
            }
        }
    }

    #[test]
    fn pieces_are_found_in_the_order_the_catalog_gives_them() {
        let singles = |pieces: &[&str]| -> Vec<String> {
            pieces
                .iter()
                .map(|p| format!("<list>\n{p}</list>"))
                .collect()
        };
        let head = "<list>\n".len();
        let tail = "</list>".len();
        // In the order of the skills: one after another.
        let full = "<list>\n- a: one\n- b: two\n</list>";
        let found = layout(
            full,
            &singles(&["- a: one\n", "- b: two\n"]),
            head,
            tail,
            "",
            false,
        );
        assert_eq!(found, Some(vec![7..16, 16..25]));
        // Sorted its own way, with a piece of two lines whose first line is shared.
        let full = "<list>\n- c: x\n  more\n- a: one\n- c: x\n  other\n</list>";
        let texts = ["- a: one\n", "- c: x\n  other\n", "- c: x\n  more\n"];
        let found = layout(full, &singles(&texts), head, tail, "", true).expect("placed");
        for (range, text) in found.iter().zip(texts) {
            assert_eq!(&full[range.clone()], text);
        }
        assert_eq!(found, vec![21..30, 30..45, 7..21]);
        // Two skills with the same piece take one place each.
        let full = "<list>\n- b\n- a\n- a\n</list>";
        let found = layout(
            full,
            &singles(&["- a\n", "- a\n", "- b\n"]),
            head,
            tail,
            "",
            true,
        );
        assert_eq!(found, Some(vec![11..15, 15..19, 7..11]));
        // Pieces that leave a gap, that overlap, or that hold no whole line are not placed.
        let full = "<list>\n- b\n- gap\n- a\n</list>";
        assert_eq!(
            layout(full, &singles(&["- a\n", "- b\n"]), head, tail, "", true),
            None
        );
        let full = "<list>\n- b\n- a\n</list>";
        assert_eq!(
            layout(
                full,
                &singles(&["- a\n", "- a\n", "- b\n"]),
                head,
                tail,
                "",
                true
            ),
            None
        );
        let full = "<list>\nb, a, </list>";
        assert_eq!(
            layout(full, &singles(&["a, ", "b, "]), head, tail, "", true),
            None
        );
        // Joined by line feeds: each piece goes with the line feed after it, the last with the
        // one before it, in either order.
        let full = "<list>\n- a\n- b</list>";
        let found = layout(full, &singles(&["- a", "- b"]), head, tail, "\n", false);
        assert_eq!(found, Some(vec![7..11, 10..14]));
        let full = "<list>\n- b\n- a</list>";
        let found = layout(full, &singles(&["- a", "- b"]), head, tail, "\n", true);
        assert_eq!(found, Some(vec![10..14, 7..11]));
        // Joined by commas on one line.
        let full = "<list>\nb, a, c</list>";
        let found = layout(full, &singles(&["a", "b", "c"]), head, tail, ", ", true);
        assert_eq!(found, Some(vec![10..13, 7..10, 11..14]));
    }

    #[test]
    fn bodies_are_every_part_of_the_load_and_files_are_read_through_the_provider() {
        let provider = MemoryProvider::new([skill("a", "alpha", "Does alpha. Use for alpha.")
            .with_file("references/guide.md", "# Guide\n\nRead me.\n")
            .with_file("assets/logo.png", b"\x89PNG\r\n\x1a\n\0\0\0".to_vec())]);
        let costs = measure_with(agentskills(), &provider, None);
        let alpha = &costs.skills[0];
        let (paths, env) = (Paths::absolute(None), Env::new("/p", None));
        let cx = Context {
            paths: &paths,
            env: &env,
            context_window: None,
            model: None,
        };
        let (known, _) = catalog::known(agentskills(), provider.list(), &cx);
        let loaded = (agentskills().load)(&LoadInput {
            name: "alpha",
            known: &known,
            provider: &provider,
            earlier_loads: 0,
            mode: None,
            cx: &cx,
        });
        assert_eq!(
            alpha.body,
            Body::Loaded(Size::of(&loaded.parts[0].text, Encoding::O200kBase))
        );
        assert_eq!(alpha.files.len(), 2);
        assert_eq!(alpha.files[0].path, "assets/logo.png");
        assert_eq!(
            alpha.files[0].read,
            Err("binary (a NUL byte at offset 8)".to_owned())
        );
        let guide = Size::of("# Guide\n\nRead me.\n", Encoding::O200kBase);
        assert_eq!(alpha.files[1].read.as_ref().map(|r| r.size), Ok(guide));
        assert_eq!(alpha.resources(), guide);
        assert_eq!(
            alpha.total(),
            alpha.entry + loaded_size(&alpha.body) + guide
        );
    }

    fn loaded_size(body: &Body) -> Size {
        body.size().expect("loaded")
    }

    #[test]
    fn a_load_error_is_reported_not_counted() {
        let refusing = Target {
            load: |_| Output::tool_error(Call::with("load", "name", "x"), "no such tool\nat all"),
            ..*agentskills()
        };
        let provider = MemoryProvider::new([skill("a", "alpha", "Does alpha. Use for alpha.")]);
        let costs = measure_with(&refusing, &provider, None);
        assert_eq!(
            costs.skills[0].body,
            Body::Refused("no such tool\nat all".to_owned())
        );
        assert_eq!(costs.bodies(), Size::default());
        let limits = Limits {
            body: Some(0),
            ..Limits::default()
        };
        assert!(offences(&costs, limits).is_empty());
    }

    #[test]
    fn skipped_skills_cost_nothing_in_the_catalog_and_do_not_load() {
        let provider = MemoryProvider::new([
            skill("a", "alpha", "Does alpha. Use for alpha."),
            MemorySkill::new("/p/skills/broken", "no frontmatter\n"),
        ]);
        let costs = measure_with(agentskills(), &provider, None);
        let broken = &costs.skills[1];
        assert_eq!(broken.entry, Size::default());
        assert!(matches!(
            broken.listing,
            Listing::Changed {
                kind: ChangeKind::Skipped,
                ..
            }
        ));
        assert_eq!(
            broken.body,
            Body::NotLoadable("the runtime skips it".to_owned())
        );
    }

    #[test]
    fn in_a_collision_leaving_the_winner_out_lets_the_loser_in() {
        let first_wins = Target {
            collision: Collision::FirstWins,
            ..*agentskills()
        };
        let short = skill("a", "same", "Short. Use it.");
        let long = skill(
            "b",
            "same",
            "A much longer description that goes on and on. Use it for everything at all.",
        );
        let provider = MemoryProvider::new([short.clone(), long.clone()]);
        let costs = measure_with(&first_wins, &provider, None);
        let full = catalog_tokens(&first_wins, vec![short.clone(), long.clone()]);
        assert_eq!(
            costs.skills[0].entry.tokens,
            full - catalog_tokens(&first_wins, vec![long])
        );
        assert!(costs.skills[0].entry.tokens < 0, "the longer one comes in");
        assert_eq!(costs.skills[1].entry, Size::default());
        assert_eq!(
            costs.skills[1].body,
            Body::NotLoadable("another skill wins its name".to_owned())
        );
    }

    #[test]
    fn leaving_a_rival_out_settles_the_collision_again_as_a_rebuild_would() {
        let skills = vec![
            skill("a", "alpha", "Alpha. Use it."),
            skill("b", "same", "First of three. Use it."),
            skill("c", "gamma", "Gamma. Use it."),
            skill("d", "same", "Second of three, longer. Use it for more."),
            skill("e", "delta", "Delta. Use it."),
            skill("f", "same", "Third. Use it."),
            skill("g", "other", "Other. Use it."),
            skill("h", "other", "Other again. Use it."),
        ];
        let rules = [
            Collision::FirstWins,
            Collision::LastWins,
            Collision::LastWinsInPlace,
            Collision::KeepAll,
        ];
        for rule in rules {
            // Each description is written as many times as its place in the list, so a skill in
            // the wrong place changes the size.
            let target = Target {
                collision: rule,
                render: |entries, _| {
                    let lines: Vec<String> = entries
                        .iter()
                        .enumerate()
                        .map(|(n, e)| format!("{}: {}\n", e.name, e.description().repeat(n + 1)))
                        .collect();
                    catalog::Rendered::complete(lines.concat(), entries.len())
                },
                ..*agentskills()
            };
            let provider = MemoryProvider::new(skills.clone());
            let costs = measure_with(&target, &provider, None);
            let (paths, env) = (Paths::absolute(None), Env::new("/p", None));
            let cx = Context {
                paths: &paths,
                env: &env,
                context_window: None,
                model: None,
            };
            for i in 0..skills.len() {
                let mut others = skills.clone();
                others.remove(i);
                let others = MemoryProvider::new(others);
                let without = catalog::build(&target, others.list(), &cx).text;
                assert_eq!(
                    costs.skills[i].entry,
                    costs.catalog_size - Size::of(&without, Encoding::O200kBase),
                    "{rule:?} without skill {i}"
                );
            }
        }
    }

    #[test]
    fn with_duplicate_names_kept_only_the_first_loads() {
        let provider = MemoryProvider::new([
            skill("a", "same", "First. Use it."),
            skill("b", "same", "Second. Use it."),
        ]);
        let costs = measure_with(agentskills(), &provider, None);
        assert!(costs.skills[0].body.size().is_some());
        assert_eq!(
            costs.skills[1].body,
            Body::NotLoadable("loading `same` gives skills/a/SKILL.md".to_owned())
        );
    }

    #[test]
    fn gates_name_each_offender_and_by_how_much() {
        let provider = MemoryProvider::new([
            skill("a", "alpha", "Does alpha. Use for alpha."),
            skill("b", "beta", "Does beta. Use for beta."),
        ]);
        let costs = measure_with(agentskills(), &provider, None);
        let entry = costs.skills[0].entry.tokens;
        let limit = u64::try_from(entry - 1).expect("positive");
        let found = offences(
            &costs,
            Limits {
                catalog: Some(limit),
                skill: Some(1_000_000),
                ..Limits::default()
            },
        );
        assert!(
            found
                .iter()
                .all(|o| o.gate == Gate::MaxCatalogTokens && o.limit == limit)
        );
        let first = found.first().expect("alpha is over");
        assert_eq!((first.skill, first.tokens, first.over()), (0, entry, 1));
    }
}
