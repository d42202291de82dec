//! Path helpers: lexical normalisation and paths relative to the working directory.

use std::path::{Component, Path, PathBuf};

/// `path` relative to `base` (both absolute), with `..` steps where needed. Falls back to `path`
/// itself when the two share no prefix (different drives).
pub fn relative_to(path: &Path, base: &Path) -> PathBuf {
    let path_parts: Vec<Component<'_>> = path.components().collect();
    let base_parts: Vec<Component<'_>> = base.components().collect();
    let common = path_parts
        .iter()
        .zip(&base_parts)
        .take_while(|(a, b)| a == b)
        .count();
    if common == 0 {
        return path.to_path_buf();
    }
    let mut out = PathBuf::new();
    for _ in common..base_parts.len() {
        out.push("..");
    }
    for part in &path_parts[common..] {
        out.push(part);
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// [`to_slash`] of `path` below `base` (of `path` itself when it is not below it): for the
/// paths a walk of `base` builds, a copy of the bytes after `base`, without taking either path
/// apart into components.
pub fn slash_below(path: &Path, base: &Path) -> String {
    plain_rest(path, base).unwrap_or_else(|| to_slash(path.strip_prefix(base).unwrap_or(path)))
}

/// What follows `base` and a separator in `path`, when it is names only: UTF-8, no empty name
/// and no `.`, so that its components are its names as written, and it is what
/// `path.strip_prefix(base)` gives, found without taking either path apart. `None` otherwise
/// (also when `path` is `base`).
pub fn names_below<'p>(path: &'p Path, base: &Path) -> Option<&'p str> {
    let separator = |byte: &u8| std::path::is_separator(char::from(*byte));
    let base = base.as_os_str().as_encoded_bytes();
    let rest = path.as_os_str().as_encoded_bytes().strip_prefix(base)?;
    let rest = match rest.split_first() {
        Some((first, rel)) if separator(first) => rel,
        Some(_) if base.last().is_some_and(separator) => rest,
        _ => return None,
    };
    let plain = rest
        .split(separator)
        .all(|name| !name.is_empty() && name != b".");
    std::str::from_utf8(rest).ok().filter(|_| plain)
}

/// [`names_below`] with `/` separators.
fn plain_rest(path: &Path, base: &Path) -> Option<String> {
    let rest = names_below(path, base)?;
    Some(if std::path::MAIN_SEPARATOR == '/' {
        rest.to_owned()
    } else {
        rest.replace(std::path::is_separator, "/")
    })
}

/// A path for people to read: relative to `cwd`, with `/` separators.
pub fn display(path: &Path, cwd: &Path) -> String {
    // Most paths shown are names below the working directory: the bytes after it, as they are.
    if cwd.is_absolute()
        && let Some(rest) = plain_rest(path, cwd)
    {
        return rest;
    }
    to_slash(&relative_to(path, cwd))
}

/// The path with `/` separators on every platform.
pub fn to_slash(path: &Path) -> String {
    let mut joined = String::with_capacity(path.as_os_str().len() + 1);
    for (i, part) in path.components().enumerate() {
        if i > 0 {
            joined.push('/');
        }
        joined.push_str(&part.as_os_str().to_string_lossy());
    }
    // A leading root component prints as "/", so joining doubles it.
    match joined.strip_prefix("//") {
        Some(rest) => format!("/{rest}"),
        None => joined,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_walk_up_and_down() {
        let base = Path::new("/work/main");
        assert_eq!(
            relative_to(Path::new("/work/main/a/b"), base),
            Path::new("a/b")
        );
        assert_eq!(
            relative_to(Path::new("/work/shared/x"), base),
            Path::new("../shared/x")
        );
        assert_eq!(relative_to(Path::new("/work/main"), base), Path::new("."));
    }

    #[test]
    fn slash_below_is_the_slash_form_of_the_stripped_path() {
        let cases = [
            ("/r/skill/a", "/r/skill"),
            ("/r/skill/a/b.md", "/r/skill"),
            ("/r/skill/a/b", "/r/skill/"),
            ("/r/skill", "/r/skill"),
            ("/r/skill-2/a", "/r/skill"),
            ("/r/skil", "/r/skill"),
            ("/r/skill//a", "/r/skill"),
            ("/r/skill/./a", "/r/skill"),
            ("/r/skill/a/.", "/r/skill"),
            ("/r/skill/a/", "/r/skill"),
            ("/r/skill/../a", "/r/skill"),
            ("/r/./skill/a", "/r/skill"),
            ("/a", "/"),
            ("a/b", "a"),
            ("a/b", ""),
            ("/x/é/ü.md", "/x"),
        ];
        for (path, base) in cases {
            let (path, base) = (Path::new(path), Path::new(base));
            assert_eq!(
                slash_below(path, base),
                to_slash(path.strip_prefix(base).unwrap_or(path)),
                "{path:?} below {base:?}"
            );
            // Names found from the bytes are the stripped path, name for name.
            if let Some(names) = names_below(path, base) {
                let stripped = path.strip_prefix(base).expect("below");
                assert!(
                    Path::new(names).components().eq(stripped.components()),
                    "{path:?} below {base:?}"
                );
            }
        }
        assert_eq!(
            names_below(Path::new("/r/skill/./a"), Path::new("/r/skill")),
            None
        );
        assert_eq!(
            names_below(Path::new("/r/skill//a"), Path::new("/r/skill")),
            None
        );
        assert_eq!(
            names_below(Path::new("/r/skill/a/b.md"), Path::new("/r/skill")),
            Some("a/b.md")
        );
        assert_eq!(slash_below(Path::new("/r/s/a/b"), Path::new("/r/s")), "a/b");
    }

    #[test]
    fn display_reads_names_below_the_working_directory_from_the_bytes() {
        let cwds = [
            "/r/skill",
            "/r/skill/",
            "/r//skill",
            "/",
            "/r/./skill",
            "/r/a/..",
        ];
        let paths = [
            "/r/skill/a",
            "/r/skill/a/b.md",
            "/r/skill",
            "/r/skill/",
            "/r/skill-2/a",
            "/r/skil",
            "/r/skill//a",
            "/r/skill/./a",
            "/r/skill/a/.",
            "/r/skill/../a",
            "/r//skill/a",
            "/r/a/../x",
            "/x/é/ü.md",
            "/a",
        ];
        for cwd in cwds {
            for path in paths {
                let (path, cwd) = (Path::new(path), Path::new(cwd));
                assert_eq!(
                    display(path, cwd),
                    to_slash(&relative_to(path, cwd)),
                    "{path:?} from {cwd:?}"
                );
            }
        }
        assert_eq!(
            display(Path::new("/r/s/a/b.md"), Path::new("/r/s")),
            "a/b.md"
        );
        assert_eq!(display(Path::new("/r/t/a"), Path::new("/r/s")), "../t/a");
    }

    #[test]
    fn slash_form_keeps_the_root() {
        assert_eq!(to_slash(Path::new("/a/b")), "/a/b");
        assert_eq!(to_slash(Path::new("a/b")), "a/b");
        assert_eq!(to_slash(Path::new("/")), "/");
        assert_eq!(to_slash(Path::new("")), "");
        assert_eq!(to_slash(Path::new("./a//b/./c/")), "./a/b/c");
        assert_eq!(to_slash(Path::new("../x")), "../x");
    }
}
