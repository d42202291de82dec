//! Skills given as data: for tests, and for programs that embed `skills` and keep their skills
//! somewhere other than a directory tree.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::resource::{self, LineRange, Resource, ResourceError, Resources};
use super::{SkillProvider, resolve_shadowing};
use crate::paths;
use crate::skill::{Origin, Scope, Skill};

/// One skill as data: a directory path (used for its name and in messages), the bytes of its
/// `SKILL.md`, and its other files by relative `/` path.
#[derive(Debug, Clone, Default)]
pub struct MemorySkill {
    pub dir: PathBuf,
    pub skill_md: Vec<u8>,
    pub files: BTreeMap<String, Vec<u8>>,
    pub scope: Option<Scope>,
    pub precedence: i32,
}

impl MemorySkill {
    pub fn new(dir: impl Into<PathBuf>, skill_md: impl Into<Vec<u8>>) -> Self {
        Self {
            dir: dir.into(),
            skill_md: skill_md.into(),
            ..Self::default()
        }
    }

    /// Adds a bundled file.
    #[must_use]
    pub fn with_file(mut self, path: &str, content: impl Into<Vec<u8>>) -> Self {
        self.files.insert(path.to_owned(), content.into());
        self
    }

    /// Sets the scope and precedence (default: custom, 0).
    #[must_use]
    pub fn in_scope(mut self, scope: Scope, precedence: i32) -> Self {
        self.scope = Some(scope);
        self.precedence = precedence;
        self
    }
}

/// Skills held in memory, parsed exactly as files would be.
#[derive(Debug)]
pub struct MemoryProvider {
    skills: Vec<Skill>,
    files: Vec<BTreeMap<String, Vec<u8>>>,
    max_resource_bytes: usize,
}

impl MemoryProvider {
    pub fn new(skills: impl IntoIterator<Item = MemorySkill>) -> Self {
        let (mut parsed, files): (Vec<Skill>, Vec<_>) = skills
            .into_iter()
            .enumerate()
            .map(|(index, s)| {
                let origin = Origin {
                    root: s.dir.parent().map(PathBuf::from).unwrap_or_default(),
                    scope: s.scope.unwrap_or(Scope::Custom),
                    precedence: s.precedence,
                    root_index: index,
                };
                let skill_md = s.dir.join("SKILL.md");
                (Skill::parse(s.dir, skill_md, origin, s.skill_md), s.files)
            })
            .unzip();
        resolve_shadowing(&mut parsed);
        Self {
            skills: parsed,
            files,
            max_resource_bytes: resource::DEFAULT_MAX_RESOURCE_BYTES,
        }
    }

    /// Sets the cap on the text one resource read returns.
    #[must_use]
    pub fn with_max_resource_bytes(mut self, max: usize) -> Self {
        self.max_resource_bytes = max;
        self
    }

    /// The bundled files of one of the provider's skills (matched by its skill file).
    fn files_of(&self, skill: &Skill) -> Result<&BTreeMap<String, Vec<u8>>, ResourceError> {
        self.skills
            .iter()
            .position(|s| s.skill_md == skill.skill_md)
            .map(|index| &self.files[index])
            .ok_or_else(|| ResourceError::UnknownSkill {
                name: skill.name().into_owned(),
                available: self.names(),
            })
    }
}

impl SkillProvider for MemoryProvider {
    fn list(&self) -> &[Skill] {
        &self.skills
    }

    fn resources_of(&self, skill: &Skill) -> Result<Resources, ResourceError> {
        let files = self.files_of(skill)?;
        Ok(Resources {
            files: files.keys().cloned().collect(),
            truncated: false,
        })
    }

    fn read_resource_of(
        &self,
        skill: &Skill,
        relative_path: &str,
        lines: Option<LineRange>,
    ) -> Result<Resource, ResourceError> {
        let files = self.files_of(skill)?;
        let shown = paths::to_slash(&resource::check_relative(relative_path)?);
        let content = files.get(&shown).ok_or_else(|| ResourceError::NotFound {
            path: shown.clone(),
        })?;
        let size = content.len() as u64;
        resource::read_text(
            content.as_slice(),
            &shown,
            lines,
            self.max_resource_bytes,
            size,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skill(dir: &str, name: &str) -> MemorySkill {
        MemorySkill::new(
            dir,
            format!("---\nname: {name}\ndescription: Does things. Use when asked.\n---\nBody\n"),
        )
    }

    #[test]
    fn lists_and_gets_parsed_skills() {
        let p = MemoryProvider::new([skill("/s/a", "a"), skill("/s/b", "b")]);
        assert_eq!(p.list().len(), 2);
        assert_eq!(
            p.get("b").unwrap().description(),
            Some("Does things. Use when asked.")
        );
        assert!(p.get("c").is_none());
        assert_eq!(p.names(), ["a", "b"]);
    }

    #[test]
    fn higher_precedence_wins_a_name() {
        let user = skill("/user/x", "x").in_scope(Scope::User, 1);
        let project = skill("/proj/x", "x").in_scope(Scope::Project, 2);
        let p = MemoryProvider::new([user, project]);
        let winner = p.get("x").unwrap();
        assert_eq!(winner.dir, PathBuf::from("/proj/x"));
        let loser = &p.list()[0];
        assert_eq!(loser.shadowed_by, Some(PathBuf::from("/proj/x/SKILL.md")));
    }

    #[test]
    fn equal_precedence_goes_to_the_first() {
        let p = MemoryProvider::new([skill("/a/x", "x"), skill("/b/x", "x")]);
        assert_eq!(p.get("x").unwrap().dir, PathBuf::from("/a/x"));
        assert!(p.list()[1].shadowed_by.is_some());
    }

    #[test]
    fn resources_are_read_with_the_guards() {
        let s = skill("/s/a", "a")
            .with_file("references/b.md", "one\ntwo\n")
            .with_file("assets/x.bin", b"\x89PNG\0\0".to_vec());
        let p = MemoryProvider::new([s]);
        assert_eq!(
            p.resources("a").unwrap().files,
            ["assets/x.bin", "references/b.md"]
        );
        let r = p
            .read_resource("a", "./references/b.md", Some("2:2".parse().unwrap()))
            .unwrap();
        assert_eq!(r.text, "two\n");
        assert!(matches!(
            p.read_resource("a", "assets/x.bin", None),
            Err(ResourceError::Binary { .. })
        ));
        assert!(matches!(
            p.read_resource("a", "../b/SKILL.md", None),
            Err(ResourceError::Traversal { .. })
        ));
        assert!(matches!(
            p.read_resource("zzz", "x", None),
            Err(ResourceError::UnknownSkill { available, .. }) if available == ["a"]
        ));
    }
}
