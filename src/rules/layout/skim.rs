//! A quick reader for the common shape of Markdown that finds the inline links, images and code
//! spans [`super::links`] needs without building a full parse: paragraphs, ATX and setext
//! headings, bullet and ordered lists (nested, with continuation lines), fenced and indented
//! code, thematic breaks, GitHub tables and block quotes of paragraphs.
//!
//! It reads the text as `pulldown-cmark` (with tables, footnotes, strikethrough and task lists)
//! does and gives the same links and code spans, or declines: on anything it does not model it
//! returns `None` and the caller parses the text in full. It declines on tabs, carriage returns
//! (`links` hands it a text with `\r\n` line endings with each `\r` left out), form feeds and
//! NULs; block quotes it cannot hand over whole (below); lines that may start an
//! HTML block (a block tag, `<!`, `<?`, or a line ending with `>`) other than a comment that
//! closes on its line outside any list, and inline HTML or autolinks holding brackets,
//! backticks, quotes or `!`; reference definitions and footnotes; task list markers with nothing
//! after them on their line, or followed by what could open a block; empty list items and list
//! items that open with indented code; code spans across lines whose line breaks are only at
//! their stripped edges, or that hold `]:`; link titles, `<…>` destinations and entities in
//! destinations; and a link that does not close within its paragraph or table cell. `links`
//! checks every answer against the full parse in debug builds.
//!
//! A block quote holding more than paragraphs (a list, code, a nested quote), or inside a list
//! item, is handed to the full parse on its own when a blank line ends it and every line of it
//! is marked with `>` (in the item's content): the rest of the text is still skimmed.

use std::borrow::Cow;
use std::ops::Range;

/// A link, image or code span, as the full parse reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Hit<'a> {
    pub kind: HitKind,
    /// The whole construct: `[text](dest)`, `![alt](dest)`, or the code span with its backticks.
    pub range: Range<usize>,
    /// The destination (backslash escapes resolved) of a link or image; the content of a code
    /// span.
    pub text: Cow<'a, str>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum HitKind {
    Link,
    Image,
    Code,
}

/// What a skim found.
#[derive(Debug)]
pub(super) struct Skimmed<'a> {
    /// In the order the constructs close (a link after the images inside it).
    pub hits: Vec<Hit<'a>>,
    /// The start of the first line at or after the offset asked for where every block before it
    /// has ended and none can continue past it: a line at column 0 after a blank line, outside
    /// any list and code block, that does not start a list item. Parsing only the text before
    /// it gives the same events for that text as parsing the whole.
    pub cut: Option<usize>,
}

/// The most nested parentheses a link destination may hold (as `pulldown-cmark` allows).
const MAX_NESTED_PARENS: usize = 32;

/// The bytes [`Reader::inline`] stops at. (A `!` matters only before a `[`, and is looked at
/// from there.) Text without any of them holds no link, image or code span, and nothing the
/// reader declines.
const INLINE_BYTES: &[u8] = b"\\`[]<";

/// What a byte of a table cell is to [`Reader::row`]: the end of the cell, one the inline
/// reader looks at, or neither (0).
const CELL_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    table[b'|' as usize] = CELL_END;
    let mut i = 0;
    while i < INLINE_BYTES.len() {
        table[INLINE_BYTES[i] as usize] = CELL_INLINE;
        i += 1;
    }
    table
};
const CELL_END: u8 = 1;
const CELL_INLINE: u8 = 2;

/// The links, images and code spans of `text`, and the first safe cut at or after `cut_from`;
/// `None` when the text holds something this reader does not model.
///
/// `screened` says the text is known to hold no `\r` and no NUL (its file's encoding facts
/// say so), and only the other bytes it declines on are looked for.
pub(super) fn skim(text: &str, cut_from: Option<usize>, screened: bool) -> Option<Skimmed<'_>> {
    let bytes = text.as_bytes();
    let declined = if screened {
        memchr::memchr3(b'\t', 0x0B, 0x0C, bytes).is_some()
    } else {
        memchr::memchr3(b'\t', b'\r', b'\0', bytes).is_some()
            || memchr::memchr2(0x0B, 0x0C, bytes).is_some()
    };
    if declined {
        return None;
    }
    let mut reader = Reader {
        text,
        bytes,
        hits: Vec::new(),
        openers: Vec::new(),
    };
    let cut = reader.blocks(cut_from)?;
    Some(Skimmed {
        hits: reader.hits,
        cut,
    })
}

/// The block being read.
#[derive(Debug, Clone, Copy)]
enum Block {
    None,
    /// A paragraph from this offset to the end of the previous line.
    Paragraph {
        start: usize,
        end: usize,
    },
    /// A fenced code block whose container content starts at column `column`.
    Fence {
        fence: u8,
        len: usize,
        column: usize,
    },
    /// An indented code block: lines indented four more than `column`.
    Indented {
        column: usize,
    },
    /// A table of `cells` columns.
    Table {
        cells: usize,
    },
    /// A block quote (outside any list), holding paragraphs only: the one being read, if any.
    Quote {
        paragraph: Option<(usize, usize)>,
    },
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    hits: Vec<Hit<'a>>,
    /// Open `[` and `![`: (offset, image, active).
    openers: Vec<(usize, bool, bool)>,
}

/// One line: where it starts, where its content ends (before `\n`), and where the next starts.
#[derive(Debug, Clone, Copy)]
struct Line {
    start: usize,
    end: usize,
    next: usize,
}

impl<'a> Reader<'a> {
    fn line(&self, start: usize) -> Line {
        let end =
            memchr::memchr(b'\n', &self.bytes[start..]).map_or(self.bytes.len(), |i| start + i);
        Line {
            start,
            end,
            next: if end < self.bytes.len() { end + 1 } else { end },
        }
    }

    fn indent(&self, line: Line) -> usize {
        self.bytes[line.start..line.end]
            .iter()
            .take_while(|&&b| b == b' ')
            .count()
    }

    /// Reads the blocks; the safe cut at or after `cut_from`.
    fn blocks(&mut self, cut_from: Option<usize>) -> Option<Option<usize>> {
        // Content columns of the open list items, outermost first.
        let mut items: Vec<usize> = Vec::new();
        let mut block = Block::None;
        let mut after_blank = true;
        let mut cut = None;
        // The block quote being read: where it starts, and how many hits there were then.
        let mut quote_from = (0, 0);
        let mut at = 0;
        while at < self.bytes.len() {
            let line = self.line(at);
            at = line.next;
            let indent = self.indent(line);
            if line.start + indent == line.end {
                match block {
                    Block::Paragraph { start, end } => {
                        self.inline(start, end)?;
                        block = Block::None;
                    }
                    Block::Quote { paragraph } => {
                        if let Some((start, end)) = paragraph {
                            self.inline(start, end)?;
                        }
                        block = Block::None;
                    }
                    Block::Table { .. } => block = Block::None,
                    Block::Fence { .. } | Block::Indented { .. } | Block::None => {}
                }
                after_blank = true;
                continue;
            }
            let follows_blank = std::mem::replace(&mut after_blank, false);
            let matched = items.iter().take_while(|&&c| c <= indent).count();
            let current = matched == items.len();
            match block {
                Block::Fence { fence, len, column } => {
                    if indent < column {
                        return None;
                    }
                    let rest = &self.bytes[line.start + indent..line.end];
                    if indent - column <= 3 {
                        let run = rest.iter().take_while(|&&b| b == fence).count();
                        if run >= len && rest[run..].iter().all(|&b| b == b' ') {
                            block = Block::None;
                        }
                    }
                    continue;
                }
                Block::Paragraph { start, .. } => {
                    let rest = &self.bytes[line.start + indent..line.end];
                    // Four columns past the innermost list item the line matches, it only
                    // continues the paragraph. Otherwise a setext underline (in the innermost
                    // item) ends it and is consumed, and a block that interrupts a paragraph ends
                    // it; anything else continues it, lazily on a line less indented than the
                    // innermost item, whose items stay open.
                    let outer = items[..matched].last().copied().unwrap_or(0);
                    let within = indent - outer >= 4;
                    let underline = current && !within && is_setext_underline(rest);
                    if !underline && (within || !self.interrupts(rest, line, current, &items)?) {
                        block = Block::Paragraph {
                            start,
                            end: line.end,
                        };
                        continue;
                    }
                    self.inline(start, self.previous_end(line))?;
                    block = Block::None;
                    if underline {
                        continue;
                    }
                }
                Block::Table { cells } => {
                    let rest = &self.bytes[line.start + indent..line.end];
                    // Any list item ends a table, even one that could not end a paragraph.
                    if current && !(ends_any_block(rest)? || list_marker(rest).is_some()) {
                        self.row(line.start + indent, line.end, cells)?;
                        continue;
                    }
                    block = Block::None;
                }
                Block::Quote { paragraph } => {
                    if indent <= 3 && self.bytes[line.start + indent] == b'>' {
                        match self.quote_line(line, indent, paragraph) {
                            Some(paragraph) => block = Block::Quote { paragraph },
                            None => {
                                at = self.quote_alone(quote_from.0, 0, quote_from.1)?;
                                block = Block::None;
                            }
                        }
                        continue;
                    }
                    if let Some((start, _)) = paragraph {
                        // Without `>`, a line that does not interrupt the paragraph continues
                        // it lazily; anything else ends the quote.
                        let rest = &self.bytes[line.start + indent..line.end];
                        if indent >= 4 || !self.interrupts(rest, line, false, &items)? {
                            block = Block::Quote {
                                paragraph: Some((start, line.end)),
                            };
                            continue;
                        }
                        self.inline(start, self.previous_end(line))?;
                    }
                    block = Block::None;
                }
                Block::Indented { column } => {
                    if current && indent - column >= 4 {
                        continue;
                    }
                    block = Block::None;
                }
                Block::None => {}
            }
            // A new block: first the list items this line opens.
            items.truncate(matched);
            let mut indent = indent;
            let mut opened_item = false;
            // Where the paragraph after a task list marker starts, past the item's content column.
            let mut after_task = None;
            loop {
                let column = items.last().copied().unwrap_or(0);
                if indent - column >= 4 {
                    break;
                }
                let rest = &self.bytes[line.start + indent..line.end];
                let Some((marker, _, _)) = list_marker(rest) else {
                    break;
                };
                let spaces = rest[marker..].iter().take_while(|&&b| b == b' ').count();
                if marker + spaces == rest.len() || spaces >= 5 {
                    // An empty item, or one that opens with indented code.
                    return None;
                }
                let content = &rest[marker + spaces..];
                indent += marker + spaces;
                items.push(indent);
                opened_item = true;
                if let Some(len) = task_marker(content, line.next > line.end) {
                    // The full parse reads the rest of the line as a paragraph, whatever it
                    // holds, and opens nothing more on it.
                    after_task = Some(len);
                    break;
                }
            }
            let column = items.last().copied().unwrap_or(0);
            if follows_blank
                && !opened_item
                && items.is_empty()
                && indent == 0
                && cut.is_none()
                && cut_from.is_some_and(|from| line.start >= from)
            {
                cut = Some(line.start);
            }
            if let Some(len) = after_task {
                let start = line.start + indent + len;
                // Only the text of a paragraph is read as the full parse would: a task with
                // nothing after it on its line, or followed by what could open a block here
                // (which the full parse leaves as text), is declined.
                let rest = &self.bytes[start..line.end];
                if rest.is_empty() || could_open_a_block(rest) {
                    return None;
                }
                block = Block::Paragraph {
                    start,
                    end: line.end,
                };
                continue;
            }
            if indent - column >= 4 {
                block = Block::Indented { column };
                continue;
            }
            let start = line.start + indent;
            let rest = &self.bytes[start..line.end];
            match rest[0] {
                b'>' if items.is_empty() => {
                    quote_from = (line.start, self.hits.len());
                    match self.quote_line(line, indent, None) {
                        Some(paragraph) => block = Block::Quote { paragraph },
                        None => at = self.quote_alone(quote_from.0, 0, quote_from.1)?,
                    }
                    continue;
                }
                b'>' => {
                    at = self.quote_alone(line.start, column, self.hits.len())?;
                    continue;
                }
                // An HTML comment that closes on its line is an HTML block of that line alone,
                // with nothing in it read as Markdown.
                b'<' if items.is_empty() && is_comment_line(rest) => continue,
                // Any other HTML block starts with a block tag or the like, or is a line that
                // ends with `>` (a tag alone); a line that is neither starts a paragraph.
                b'<' if may_open_interrupting_html(rest) || ends_with_tag(rest) => return None,
                b'[' if rest.get(1) == Some(&b'^') => return None,
                _ => {}
            }
            if is_thematic_break(rest) {
                continue;
            }
            if let Some(level) = atx_level(rest) {
                let (from, to) = atx_content(rest, level);
                self.inline(start + from, start + to)?;
                continue;
            }
            if let Some((fence, len)) = code_fence(rest) {
                block = Block::Fence { fence, len, column };
                continue;
            }
            if let Some(cells) = self.table_head(line, column)? {
                self.row(start, line.end, cells)?;
                // The delimiter row.
                at = self.line(line.next).next;
                block = Block::Table { cells };
                continue;
            }
            block = Block::Paragraph {
                start,
                end: line.end,
            };
        }
        if let Block::Paragraph { start, end }
        | Block::Quote {
            paragraph: Some((start, end)),
        } = block
        {
            self.inline(start, end)?;
        }
        Some(cut)
    }

    /// Reads a line of a block quote whose `>` is at `indent`, given the quote's open paragraph:
    /// the paragraph open after it. `None` when the line holds more than a paragraph line.
    fn quote_line(
        &mut self,
        line: Line,
        indent: usize,
        paragraph: Option<(usize, usize)>,
    ) -> Option<Option<(usize, usize)>> {
        let mut start = line.start + indent + 1;
        if start < line.end && self.bytes[start] == b' ' {
            start += 1;
        }
        let content = &self.bytes[start..line.end];
        if content.iter().all(|&b| b == b' ') {
            if let Some((from, to)) = paragraph {
                self.inline(from, to)?;
            }
            return Some(None);
        }
        let opens_block = content[0] == b' '
            || could_open_a_block(content)
            || (paragraph.is_some() && is_setext_underline(content));
        if opens_block {
            return None;
        }
        Some(Some((paragraph.map_or(start, |(from, _)| from), line.end)))
    }

    /// Reads a block quote that holds more than a paragraph (a list, code, a nested quote), or one
    /// inside a list item, with the full parse: the quote whose first line starts at `start`, in
    /// a container whose content starts `column` bytes into each line (0 outside any list), when
    /// every line after the first up to the next blank line has its `>` at `column` or up to
    /// three spaces further. A blank line ends a block quote and everything in it, so the lines
    /// parsed on their own, without those first `column` bytes (spaces, or on the first line a
    /// list item's markers), read as they do in the whole text. The hits from `hits` on (those
    /// of the quote's lines already read) are replaced by the parse's, moved back to their
    /// offsets in the text. Where the blank line (or the end) is; `None` when a line on the way
    /// is not marked so (it may continue a paragraph lazily, or end the quote) or the quote
    /// holds a reference definition, which could change how links elsewhere read.
    fn quote_alone(&mut self, start: usize, column: usize, hits: usize) -> Option<usize> {
        // Each line's offset in `inner` and in the text.
        let mut lines: Vec<(usize, usize)> = Vec::new();
        let mut inner = String::new();
        let mut at = start;
        while at < self.bytes.len() {
            let line = self.line(at);
            let indent = self.indent(line);
            if line.start + indent == line.end {
                break;
            }
            let marked =
                indent >= column && indent - column <= 3 && self.bytes[line.start + indent] == b'>';
            if at != start && !marked {
                return None;
            }
            let from = line.start + column;
            lines.push((inner.len(), from));
            inner.push_str(self.text.get(from..line.next)?);
            at = line.next;
        }
        let back = |offset: usize| {
            let k = lines
                .partition_point(|&(start, _)| start <= offset)
                .saturating_sub(1);
            lines
                .get(k)
                .map_or(offset, |&(start, from)| from + (offset - start))
        };
        let found = super::links::parsed_alone(&inner)?;
        self.hits.truncate(hits);
        self.hits.extend(found.into_iter().map(|hit| Hit {
            kind: hit.kind,
            range: back(hit.range.start)..back(hit.range.end),
            text: Cow::Owned(hit.text.into_owned()),
        }));
        Some(at)
    }

    /// Where the line before `line` ends (its content, without the `\n`).
    fn previous_end(&self, line: Line) -> usize {
        line.start.saturating_sub(1)
    }

    /// Whether `rest` (a line's content after its indentation, which is under four columns past
    /// the container) ends a paragraph; `None` when that cannot be told here.
    fn interrupts(&self, rest: &[u8], line: Line, current: bool, items: &[usize]) -> Option<bool> {
        // Only HTML blocks that start with a known block tag, a comment, a declaration or the
        // like can end a paragraph; any other line opening with `<` goes on with it as text.
        if rest[0] == b'<' {
            return (!may_open_interrupting_html(rest)).then_some(false);
        }
        if ends_any_block(rest)? {
            return Some(true);
        }
        if let Some((marker, bullet, number)) = list_marker(rest) {
            let empty = rest[marker..].iter().all(|&b| b == b' ');
            if !current || ((bullet || number == 1) && !empty) {
                return Some(true);
            }
        }
        if rest[0] == b'|' && current {
            let column = items.last().copied().unwrap_or(0);
            return Some(self.table_head(line, column)?.is_some());
        }
        if rest[0] == b'|' {
            return None;
        }
        Some(false)
    }

    /// When `line` (content under four columns past `column`) is the header row of a table (it
    /// has a `|` and the next line is a delimiter row with as many cells), the number of cells.
    fn table_head(&self, line: Line, column: usize) -> Option<Option<usize>> {
        let indent = self.indent(line);
        let first = &self.bytes[line.start + indent..line.end];
        // A delimiter row holds only `|`, `:`, `-` and spaces: most lines are followed by none,
        // and need no search for pipes (unless a `\` at their end is to be declined below).
        let below = self.bytes[line.next.min(self.bytes.len())..]
            .iter()
            .find(|&&b| b != b' ');
        if !matches!(below, Some(b'|' | b':' | b'-')) && first.last() != Some(&b'\\') {
            return Some(None);
        }
        let (pipes, last_pipe) = pipe_positions(first).fold((0, 0), |(n, _), i| (n + 1, i));
        if pipes == 0 || line.next >= self.bytes.len() {
            return Some(None);
        }
        if first.last() == Some(&b'\\') {
            return None;
        }
        let next = self.line(line.next);
        let next_indent = self.indent(next);
        if next_indent < column || next_indent - column > 3 || next.start + next_indent == next.end
        {
            return Some(None);
        }
        let Some(cells) = delimiter_row(&self.bytes[next.start + next_indent..next.end]) else {
            return Some(None);
        };
        let mut header = pipes;
        if first[0] == b'|' {
            header -= 1;
        }
        if !first[last_pipe + 1..].iter().all(|&b| b == b' ') {
            header += 1;
        }
        Some((header == cells).then_some(cells))
    }

    /// Reads one table row from `start` (after its indentation) to `end`: the inline content of
    /// its first `cells` cells.
    fn row(&mut self, start: usize, end: usize, cells: usize) -> Option<()> {
        let row = &self.bytes[start..end];
        if !crate::source::contains_any(row, INLINE_BYTES) {
            // Nothing in any cell for the inline reader (and no `\|`): all that is left to know
            // is whether the row has a cell, something after its leading `|` and spaces.
            let rest = row.strip_prefix(b"|").unwrap_or(row);
            return rest.iter().any(|&b| b != b' ').then_some(());
        }
        let mut at = start;
        let mut count = 0;
        loop {
            if self.bytes.get(at) == Some(&b'|') && at < end {
                at += 1;
            }
            while at < end && self.bytes[at] == b' ' {
                at += 1;
            }
            if at >= end {
                break;
            }
            // Cells are short: one look at each byte finds the cell's end and whether it holds
            // anything the inline reader looks at, where three searches would each cost more.
            let mut cell_end = at;
            let mut inline = false;
            while cell_end < end {
                let class = CELL_BYTES[usize::from(self.bytes[cell_end])];
                if class == CELL_END {
                    break;
                }
                inline |= class == CELL_INLINE;
                cell_end += 1;
            }
            if cell_end < end && self.bytes[cell_end - 1] == b'\\' {
                // `\|` in a table: the full parse unescapes it before reading the cell.
                return None;
            }
            if count < cells && inline {
                self.inline(at, cell_end)?;
            }
            count += 1;
            at = cell_end;
        }
        (count > 0).then_some(())
    }

    /// Reads the inline content between `start` and `end`: code spans, links and images.
    fn inline(&mut self, start: usize, end: usize) -> Option<()> {
        let bytes: &'a [u8] = self.bytes;
        let text: &'a str = self.text;
        self.openers.clear();
        let mut i = start;
        // Where the next `\\`, `` ` `` or `[`, and the next `]` or `<`, are: each stays the next
        // one until `i` passes it. A `!` matters only before a `[`, and is looked at from there:
        // prose has many more of them than images.
        let find_open = |from: usize| {
            memchr::memchr3(b'\\', b'`', b'[', &bytes[from..end]).map_or(end, |k| from + k)
        };
        let find_close =
            |from: usize| memchr::memchr2(b']', b'<', &bytes[from..end]).map_or(end, |k| from + k);
        let mut next_open = find_open(start);
        let mut next_close = find_close(start);
        while i < end {
            if next_open < i {
                next_open = find_open(i);
            }
            if next_close < i {
                next_close = find_close(i);
            }
            // Every byte from `from` to the next one looked at is plain text.
            let from = i;
            i = next_open.min(next_close);
            if i >= end {
                break;
            }
            match bytes[i] {
                b'\\' => {
                    if i + 1 < end && bytes[i + 1].is_ascii_punctuation() {
                        if bytes[i + 1] == b'`' {
                            return None;
                        }
                        i += 2;
                    } else {
                        i += 1;
                    }
                }
                b'`' => {
                    let run = bytes[i..end].iter().take_while(|&&b| b == b'`').count();
                    match self.code_span_end(i + run, end, run)? {
                        Some(close) => {
                            let range = i..close + run;
                            let inner = super::links::code_content(text, range.clone())?;
                            if memchr::memchr(b'\n', &bytes[i..close]).is_some() {
                                // Across lines: the full parse turns each line break into a
                                // space, so the content is not the text between the fences. A
                                // break left inside once the edges are stripped means the span
                                // is no path, and is passed over (see `links::scan`); one only
                                // at the edges is declined, and so is one holding `]:`, which
                                // may close the label of a reference definition that the full
                                // parse reads first.
                                if memchr::memchr(b'\n', &bytes[inner]).is_none()
                                    || memchr::memmem::find(&bytes[i..close], b"]:").is_some()
                                {
                                    return None;
                                }
                                i = close + run;
                                continue;
                            }
                            self.hits.push(Hit {
                                kind: HitKind::Code,
                                range,
                                text: Cow::Borrowed(&text[inner]),
                            });
                            i = close + run;
                        }
                        None => i += run,
                    }
                }
                // `![` opens an image, unless the `!` was part of what came before (an escape,
                // a code span, a link).
                b'[' if i > from && bytes[i - 1] == b'!' => {
                    self.openers.push((i - 1, true, true));
                    i += 1;
                }
                b'[' => {
                    if bytes.get(i + 1) == Some(&b'^') {
                        return None;
                    }
                    self.openers.push((i, false, true));
                    i += 1;
                }
                b']' => {
                    if bytes.get(i + 1) == Some(&b':') {
                        return None;
                    }
                    i += 1;
                    let Some((open, image, active)) = self.openers.pop() else {
                        continue;
                    };
                    if !active || bytes.get(i) != Some(&b'(') {
                        continue;
                    }
                    if let Some((after, dest)) = self.inline_link(i, end)? {
                        self.hits.push(Hit {
                            kind: if image { HitKind::Image } else { HitKind::Link },
                            range: open..after,
                            text: dest,
                        });
                        if !image {
                            for opener in &mut self.openers {
                                if !opener.1 {
                                    opener.2 = false;
                                }
                            }
                        }
                        i = after;
                    }
                }
                _ => {
                    // `<`: an HTML tag or an autolink, which the full parse takes whole, or
                    // plain text. When nothing up to the first `>` on the line matters here (no
                    // backtick, bracket, `!`, backslash, `<` or quote, and not a comment,
                    // declaration or processing instruction), both readings give the same
                    // links and code spans.
                    let line_end = memchr::memchr(b'\n', &bytes[i..end]).map_or(end, |k| i + k);
                    let Some(close) = memchr::memchr(b'>', &bytes[i + 1..line_end]) else {
                        // A tag may run on to the next line; an autolink may not.
                        if bytes
                            .get(i + 1)
                            .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'/')
                        {
                            return None;
                        }
                        i += 1;
                        continue;
                    };
                    let inside = &bytes[i + 1..i + 1 + close];
                    if matches!(inside.first(), Some(b'!' | b'?'))
                        || inside.iter().any(|&b| {
                            matches!(b, b'\\' | b'`' | b'!' | b'[' | b']' | b'<' | b'"' | b'\'')
                        })
                    {
                        return None;
                    }
                    i += 1;
                }
            }
        }
        Some(())
    }

    /// Where the run of exactly `len` backticks closing a code span opened before `from` starts;
    /// `Some(None)` when there is none before `end`.
    fn code_span_end(&self, from: usize, end: usize, len: usize) -> Option<Option<usize>> {
        let bytes = self.bytes;
        let mut i = from;
        while let Some(found) = memchr::memchr(b'`', &bytes[i..end]) {
            let at = i + found;
            let run = bytes[at..end].iter().take_while(|&&b| b == b'`').count();
            if bytes[at - 1] == b'\\' {
                return None;
            }
            if run == len {
                return Some(Some(at));
            }
            i = at + run;
        }
        Some(None)
    }

    /// An inline link's `(destination)` at `open` (the `(`), within `end`: the offset after its
    /// `)` and the destination. `Some(None)` when it is not one; `None` when it may be one this
    /// reader does not model (a title, `<…>`, an entity, or a link running past `end`).
    fn inline_link(&self, open: usize, end: usize) -> Option<Option<(usize, Cow<'a, str>)>> {
        let bytes = self.bytes;
        let separator = |mut i: usize| -> Option<usize> {
            while i < end && bytes[i] == b' ' {
                i += 1;
            }
            if i < end && bytes[i] == b'\n' {
                i += 1;
                while i < end && bytes[i] == b' ' {
                    i += 1;
                }
                // A block quote's `>` here is a container marker the full parse skips.
                if bytes.get(i) == Some(&b'>') {
                    return None;
                }
            }
            (i < end).then_some(i)
        };
        let start = separator(open + 1)?;
        if bytes[start] == b'<' {
            return None;
        }
        let mut i = start;
        let mut nest = 0usize;
        while i < end {
            match bytes[i] {
                0..=0x20 => break,
                b'(' => {
                    if nest > MAX_NESTED_PARENS {
                        return Some(None);
                    }
                    nest += 1;
                }
                b')' => {
                    if nest == 0 {
                        break;
                    }
                    nest -= 1;
                }
                b'\\' if i + 1 < end && bytes[i + 1].is_ascii_punctuation() => i += 1,
                _ => {}
            }
            i += 1;
        }
        if i >= end {
            return None;
        }
        if nest != 0 {
            return Some(None);
        }
        let text: &'a str = self.text;
        let dest = &text[start..i];
        if dest.contains('&') {
            return None;
        }
        let after = separator(i)?;
        match bytes[after] {
            b')' => Some(Some((after + 1, unescape(dest)))),
            b'"' | b'\'' | b'(' => None,
            _ => Some(None),
        }
    }
}

/// Whether `rest` (a line's content after its indentation) opens a block quote, a thematic
/// break, an ATX heading or a code fence, which end a paragraph or a table; `None` for HTML and
/// footnote definitions, which this reader does not model.
fn ends_any_block(rest: &[u8]) -> Option<bool> {
    match rest[0] {
        b'>' => return Some(true),
        b'<' => return None,
        b'[' if rest.get(1) == Some(&b'^') => return None,
        _ => {}
    }
    Some(is_thematic_break(rest) || atx_level(rest).is_some() || code_fence(rest).is_some())
}

/// The tag names that open an HTML block which may end a paragraph, per the CommonMark
/// specification (kinds 1 and 6), with `source`, which its older versions list too. Sorted.
const BLOCK_TAGS: [&[u8]; 67] = [
    b"address",
    b"article",
    b"aside",
    b"base",
    b"basefont",
    b"blockquote",
    b"body",
    b"caption",
    b"center",
    b"col",
    b"colgroup",
    b"dd",
    b"details",
    b"dialog",
    b"dir",
    b"div",
    b"dl",
    b"dt",
    b"fieldset",
    b"figcaption",
    b"figure",
    b"footer",
    b"form",
    b"frame",
    b"frameset",
    b"h1",
    b"h2",
    b"h3",
    b"h4",
    b"h5",
    b"h6",
    b"head",
    b"header",
    b"hr",
    b"html",
    b"iframe",
    b"legend",
    b"li",
    b"link",
    b"main",
    b"menu",
    b"menuitem",
    b"nav",
    b"noframes",
    b"ol",
    b"optgroup",
    b"option",
    b"p",
    b"param",
    b"pre",
    b"script",
    b"search",
    b"section",
    b"source",
    b"style",
    b"summary",
    b"table",
    b"tbody",
    b"td",
    b"textarea",
    b"tfoot",
    b"th",
    b"thead",
    b"title",
    b"tr",
    b"track",
    b"ul",
];

/// Whether `rest` (a line's content after its indentation, starting with `<`) could open an
/// HTML block that ends a paragraph: `<!`, `<?`, or a tag (or closing tag) whose name is one
/// of [`BLOCK_TAGS`] or starts with `pre`, `script`, `style` or `textarea`. What follows the
/// name is not looked at, so this says yes to a little more than the specification does.
fn may_open_interrupting_html(rest: &[u8]) -> bool {
    let after = &rest[1..];
    if matches!(after.first(), Some(b'!' | b'?')) {
        return true;
    }
    let name = after.strip_prefix(b"/").unwrap_or(after);
    let len = name
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    let name = name[..len].to_ascii_lowercase();
    BLOCK_TAGS.binary_search(&name.as_slice()).is_ok()
        || [&b"pre"[..], b"script", b"style", b"textarea"]
            .iter()
            .any(|tag| name.starts_with(tag))
}

/// Whether the last byte of `rest` that is not a space is `>`: only such a line can be an
/// HTML block of a single tag (CommonMark's kind 7).
fn ends_with_tag(rest: &[u8]) -> bool {
    rest.iter().rev().find(|&&b| b != b' ') == Some(&b'>')
}

/// Whether `rest` (a line's content after its indentation) opens an HTML comment that closes
/// on the same line, after its `<!--`.
fn is_comment_line(rest: &[u8]) -> bool {
    rest.strip_prefix(b"<!--")
        .is_some_and(|after| memchr::memmem::find(after, b"-->").is_some())
}

/// `s` with backslash escapes of ASCII punctuation resolved.
fn unescape(s: &str) -> Cow<'_, str> {
    if !s.contains('\\') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next) = chars.peek() {
                if next.is_ascii_punctuation() {
                    out.push(next);
                    chars.next();
                    continue;
                }
            }
        }
        out.push(c);
    }
    Cow::Owned(out)
}

/// The offsets of the `|` in `line` that are not escaped (the byte before is not `\`).
fn pipe_positions(line: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(b'|', line).filter(|&i| i == 0 || line[i - 1] != b'\\')
}

/// The number of cells of a table delimiter row (`| --- | :-: |`), if it is one.
fn delimiter_row(line: &[u8]) -> Option<usize> {
    let mut i = 0;
    let mut cells = 0;
    let mut start_cell = true;
    let mut found_pipe = false;
    let mut found_hyphen = false;
    let mut hyphen_in_cell = false;
    if line.first() == Some(&b'|') {
        i = 1;
        found_pipe = true;
    }
    for &b in &line[i..] {
        match b {
            b' ' => {}
            b':' => start_cell = false,
            b'-' => {
                start_cell = false;
                found_hyphen = true;
                hyphen_in_cell = true;
            }
            b'|' => {
                start_cell = true;
                found_pipe = true;
                cells += 1;
                if !hyphen_in_cell {
                    return None;
                }
                hyphen_in_cell = false;
            }
            _ => return None,
        }
    }
    if !start_cell {
        cells += 1;
    }
    (found_pipe && found_hyphen).then_some(cells)
}

/// A list marker at the start of `rest` followed by a space or the end of the line, that is not
/// a thematic break: (its length, whether it is a bullet, the number of an ordered one).
fn list_marker(rest: &[u8]) -> Option<(usize, bool, u64)> {
    let followed = |len: usize| rest.get(len).is_none_or(|&b| b == b' ');
    match rest.first()? {
        b'-' | b'+' | b'*' => (followed(1) && !is_thematic_break(rest)).then_some((1, true, 0)),
        b'0'..=b'9' => {
            let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 9 || !matches!(rest.get(digits), Some(b'.' | b')')) || !followed(digits + 1)
            {
                return None;
            }
            let number = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
            Some((digits + 1, false, number))
        }
        _ => None,
    }
}

/// The length of the task list marker (`[ ]`, `[x]`, `[X]`) that opens a list item's `content`
/// and the spaces after it, as the full parse reads one: followed by a space, or ending a line
/// that `has_end` (a line break after it).
fn task_marker(content: &[u8], has_end: bool) -> Option<usize> {
    let marker = content.len() >= 3
        && content[0] == b'['
        && matches!(content[1], b' ' | b'x' | b'X')
        && content[2] == b']';
    let spaces = content.iter().skip(3).take_while(|&&b| b == b' ').count();
    (marker && (spaces > 0 || (content.len() == 3 && has_end))).then_some(3 + spaces)
}

/// Whether a line of text could open a block the skim reads (a quote, HTML, a footnote, a list
/// item, a thematic break, a heading, a code fence or a table row) instead of going on with a
/// paragraph.
fn could_open_a_block(rest: &[u8]) -> bool {
    matches!(rest.first(), Some(b'>' | b'<'))
        || rest.starts_with(b"[^")
        || rest.contains(&b'|')
        || list_marker(rest).is_some()
        || is_thematic_break(rest)
        || atx_level(rest).is_some()
        || code_fence(rest).is_some()
}

/// `***`, `---`, `___`, with spaces between, three or more.
fn is_thematic_break(rest: &[u8]) -> bool {
    let Some(&c) = rest.first() else {
        return false;
    };
    if !matches!(c, b'*' | b'-' | b'_') {
        return false;
    }
    let mut count = 0;
    for &b in rest {
        if b == c {
            count += 1;
        } else if b != b' ' {
            return false;
        }
    }
    count >= 3
}

/// A setext heading underline: `=` or `-` repeated, then only spaces.
fn is_setext_underline(rest: &[u8]) -> bool {
    let Some(&c) = rest.first() else {
        return false;
    };
    if !matches!(c, b'=' | b'-') {
        return false;
    }
    let run = rest.iter().take_while(|&&b| b == c).count();
    rest[run..].iter().all(|&b| b == b' ')
}

/// The level of an ATX heading opening `rest`.
fn atx_level(rest: &[u8]) -> Option<usize> {
    let level = rest.iter().take_while(|&&b| b == b'#').count();
    ((1..=6).contains(&level) && rest.get(level).is_none_or(|&b| b == b' ')).then_some(level)
}

/// The content of an ATX heading line: from after the opening sequence and its spaces to before
/// the closing sequence and the spaces around it.
fn atx_content(rest: &[u8], level: usize) -> (usize, usize) {
    let mut from = level;
    while from < rest.len() && rest[from] == b' ' {
        from += 1;
    }
    let mut to = rest.len();
    while to > from && rest[to - 1] == b' ' {
        to -= 1;
    }
    let hashes = rest[from..to]
        .iter()
        .rev()
        .take_while(|&&b| b == b'#')
        .count();
    if hashes > 0 && (to - hashes == from || rest[to - hashes - 1] == b' ') {
        to -= hashes;
        while to > from && rest[to - 1] == b' ' {
            to -= 1;
        }
    }
    (from, to)
}

/// A code fence opening `rest`: its character and length. A backtick fence's info string holds
/// no backtick.
fn code_fence(rest: &[u8]) -> Option<(u8, usize)> {
    let c = *rest.first()?;
    if c != b'`' && c != b'~' {
        return None;
    }
    let len = rest.iter().take_while(|&&b| b == c).count();
    if len < 3 || (c == b'`' && rest[len..].contains(&b'`')) {
        return None;
    }
    Some((c, len))
}

#[cfg(test)]
mod tests {
    use super::{BLOCK_TAGS, may_open_interrupting_html};

    #[test]
    fn block_tags_are_sorted_lowercase_names_found_in_any_case() {
        // The look-up is a binary search of lowercase names.
        assert!(BLOCK_TAGS.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(BLOCK_TAGS.iter().all(|tag| {
            tag.iter()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        }));
        for line in [
            "<DIV>",
            "</Table>",
            "<h1 class=x>",
            "<!-- x",
            "<?x",
            "<preview>",
            "<Script",
            "<p",
        ] {
            assert!(may_open_interrupting_html(line.as_bytes()), "{line}");
        }
        for line in ["<span>", "<tablet>", "<= 4", "</em>", "<number>", "<"] {
            assert!(!may_open_interrupting_html(line.as_bytes()), "{line}");
        }
    }
}
