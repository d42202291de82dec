//! The skills a runtime ships and lists by itself, as skills: each of a target's [`Builtin`]s
//! becomes a parsed [`Skill`] of scope `builtin` placed before or after the skills found on
//! disk, so admission, name collisions, ordering and budgets treat it exactly as the runtime
//! treats it. Locations inside the client's own package (`<install>/…`) point into the
//! installed client when one is found on `PATH`, else keep the literal `<install>`. Locations
//! the client writes into the user's own folders on first start (`${CODEX_HOME:-~/.codex}/…`)
//! resolve against the environment.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::env::Env;
use super::{Builtin, Install, Target};
use crate::skill::{Origin, Scope, Skill};

/// The literal prefix of a location inside the client's own package.
pub const INSTALL: &str = "<install>";

/// What became of the client a target's built-in locations point into.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "state")]
pub enum InstallState {
    /// No built-in names a file of the client's package.
    NotNeeded,
    /// Found on `PATH`: its package folder and version.
    Found { folder: PathBuf, version: String },
    /// Found, but paths are written machine-independent (`--path-prefix`): `<install>` stays.
    Hidden { version: String },
    /// Not installed here: locations start with the literal `<install>`.
    Missing,
}

/// A target's built-in skills for one run.
#[derive(Debug, Default)]
pub struct Builtins {
    /// Discovery order: before the skills on disk…
    pub before: Vec<Skill>,
    /// …or after them.
    pub after: Vec<Skill>,
    pub install: Option<InstallState>,
}

/// `target`'s built-ins as skills. `machine_independent` keeps `<install>` even when the client
/// is installed (paths are being written the same for every machine).
pub fn skills(target: &Target, env: &Env, machine_independent: bool) -> Builtins {
    if target.builtins.is_empty() {
        return Builtins::default();
    }
    let needs_install = target
        .builtins
        .iter()
        .any(|b| b.location.starts_with(INSTALL));
    let state = match (needs_install, target.install) {
        (false, _) | (true, None) => InstallState::NotNeeded,
        (true, Some(install)) => match find_install(&install, env) {
            Some((folder, version)) if !machine_independent => {
                InstallState::Found { folder, version }
            }
            Some((_, version)) => InstallState::Hidden { version },
            None => InstallState::Missing,
        },
    };
    let folder = match &state {
        InstallState::Found { folder, .. } => Some(folder.as_path()),
        _ => None,
    };
    let parsed: Vec<Skill> = target
        .builtins
        .iter()
        .enumerate()
        .map(|(index, builtin)| as_skill(builtin, index, folder, env))
        .collect();
    let (before, after) = if target.builtins_first {
        (parsed, Vec::new())
    } else {
        (Vec::new(), parsed)
    };
    Builtins {
        before,
        after,
        install: needs_install.then_some(state),
    }
}

/// One built-in as the skill the runtime sees: its name and description in frontmatter (JSON
/// strings are YAML double-quoted scalars, so the text comes back exactly), at its location.
fn as_skill(builtin: &Builtin, index: usize, install: Option<&Path>, env: &Env) -> Skill {
    let resolved = in_user_folder(builtin.location, env);
    let location = match (builtin.location.strip_prefix(INSTALL), install, &resolved) {
        (_, _, Some(path)) => path.clone(),
        (Some(rest), Some(folder), None) => PathBuf::from(format!("{}{rest}", folder.display())),
        _ => PathBuf::from(builtin.location),
    };
    let dir = if builtin.location.starts_with(INSTALL) || resolved.is_some() {
        location
            .parent()
            .map_or_else(|| location.clone(), Path::to_path_buf)
    } else {
        location.clone()
    };
    let text = format!(
        "---\nname: {}\ndescription: {}\n---\n",
        serde_json::Value::from(builtin.name),
        serde_json::Value::from(builtin.description)
    );
    Skill::parse(
        dir,
        location,
        Origin {
            root: PathBuf::from(INSTALL),
            scope: Scope::Builtin,
            precedence: 0,
            root_index: usize::MAX - index,
        },
        text.into_bytes(),
    )
}

/// `${VAR:-~/default}/rest`: `rest` under the directory the variable names, else under
/// `~/default` (as `CODEX_HOME` works); `None` for any other location, or when neither the
/// variable nor the home directory is known.
fn in_user_folder(location: &str, env: &Env) -> Option<PathBuf> {
    let spec = location.strip_prefix("${")?;
    let (spec, rest) = spec.split_once('}')?;
    let (var, default) = spec.split_once(":-")?;
    let default = default.strip_prefix("~/")?;
    let dir = env.var_dir(var, default)?;
    Some(dir.join(rest.trim_start_matches('/')))
}

/// The installed client: `install.command` on the environment's `PATH`, symlinks resolved, then
/// up to the folder whose `package.json` is named `install.package`; with its version.
pub fn find_install(install: &Install, env: &Env) -> Option<(PathBuf, String)> {
    let path = env.var("PATH")?;
    std::env::split_paths(path)
        .map(|dir| dir.join(install.command))
        .filter(|candidate| candidate.is_file())
        .find_map(|candidate| {
            let real = std::fs::canonicalize(&candidate).ok()?;
            real.ancestors().skip(1).take(8).find_map(|dir| {
                let manifest = std::fs::read(dir.join("package.json")).ok()?;
                let json: serde_json::Value = serde_json::from_slice(&manifest).ok()?;
                (json["name"] == install.package).then(|| {
                    let version = json["version"].as_str().unwrap_or("unknown").to_owned();
                    (dir.to_path_buf(), version)
                })
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const INSTALL_ONLY: Install = Install {
        command: "fake-client",
        package: "@acme/fake-client",
    };

    #[test]
    fn builtins_parse_back_to_their_exact_text() {
        let builtin = Builtin {
            name: "tricky",
            description: "Quotes \"like\" this: and a # hash, and ü.",
            location: "<built-in>",
        };
        let skill = as_skill(&builtin, 0, None, &Env::new("/", None));
        assert_eq!(skill.declared_name(), Some("tricky"));
        assert_eq!(skill.description(), Some(builtin.description));
        assert_eq!(skill.origin.scope, Scope::Builtin);
        assert_eq!(skill.skill_md, PathBuf::from("<built-in>"));
    }

    #[test]
    fn install_locations_resolve_only_when_found() {
        let builtin = Builtin {
            name: "maker",
            description: "Makes.",
            location: "<install>/bundle/builtin/maker/SKILL.md",
        };
        let env = Env::new("/", None);
        let missing = as_skill(&builtin, 0, None, &env);
        assert_eq!(
            missing.skill_md,
            PathBuf::from("<install>/bundle/builtin/maker/SKILL.md")
        );
        let found = as_skill(&builtin, 0, Some(Path::new("/opt/client")), &env);
        assert_eq!(
            found.skill_md,
            PathBuf::from("/opt/client/bundle/builtin/maker/SKILL.md")
        );
        assert_eq!(found.dir, PathBuf::from("/opt/client/bundle/builtin/maker"));
    }

    #[test]
    fn user_folder_locations_follow_the_variable_else_home() {
        let builtin = Builtin {
            name: "maker",
            description: "Makes.",
            location: "${MAKER_HOME:-~/.maker}/skills/.system/maker/SKILL.md",
        };
        let home = Env::new("/w", Some("/h".into()));
        let skill = as_skill(&builtin, 0, None, &home);
        assert_eq!(
            skill.skill_md,
            PathBuf::from("/h/.maker/skills/.system/maker/SKILL.md")
        );
        assert_eq!(skill.dir, PathBuf::from("/h/.maker/skills/.system/maker"));
        let set = home.clone().with_var("MAKER_HOME", "/m");
        assert_eq!(
            as_skill(&builtin, 0, None, &set).skill_md,
            PathBuf::from("/m/skills/.system/maker/SKILL.md")
        );
        // Relative to the working directory, as the runtime reads it.
        let relative = home.with_var("MAKER_HOME", "rel");
        assert_eq!(
            as_skill(&builtin, 0, None, &relative).skill_md,
            PathBuf::from("/w/rel/skills/.system/maker/SKILL.md")
        );
        let nowhere = Env::new("/w", None);
        assert_eq!(
            as_skill(&builtin, 0, None, &nowhere).skill_md,
            PathBuf::from(builtin.location)
        );
    }

    #[cfg(unix)]
    #[test]
    fn the_installed_client_is_found_through_its_command_link() {
        let dir = tempfile::tempdir().unwrap();
        let package = dir.path().join("node_modules/@acme/fake-client");
        std::fs::create_dir_all(package.join("bin")).unwrap();
        std::fs::write(
            package.join("package.json"),
            r#"{"name":"@acme/fake-client","version":"1.2.3"}"#,
        )
        .unwrap();
        std::fs::write(package.join("bin/cli.js"), "").unwrap();
        let bin = dir.path().join("node_modules/.bin");
        std::fs::create_dir_all(&bin).unwrap();
        std::os::unix::fs::symlink("../@acme/fake-client/bin/cli.js", bin.join("fake-client"))
            .unwrap();
        let env = Env::new("/", None).with_var("PATH", &bin.display().to_string());
        let (folder, version) = find_install(&INSTALL_ONLY, &env).unwrap();
        assert_eq!(folder, std::fs::canonicalize(&package).unwrap());
        assert_eq!(version, "1.2.3");
        let nowhere = Env::new("/", None).with_var("PATH", "/nonexistent");
        assert_eq!(find_install(&INSTALL_ONLY, &nowhere), None);
    }
}
