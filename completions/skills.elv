
use builtin;
use str;

set edit:completion:arg-completer[skills] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'skills'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'skills'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand lint 'Check skills against the standard and the selected runtimes'
            cand explain 'Show a rule''s documentation, or the table of every rule'
            cand list 'List every skill found under the paths: name, scope, path and status'
            cand catalog 'Print the exact catalog bytes a runtime puts in the prompt for these skills'
            cand targets 'List the runtime targets: roots, budget, confidence and sources'
            cand load 'Print exactly what a runtime gives the model when it activates a skill, or reads one of its files'
            cand simulate 'Play a session as a runtime builds it: the catalog, each skill load and file read, the size of every request and whether its cached prefix stays byte-identical'
            cand new 'Create a skill folder that passes `skills lint` as it is'
            cand package 'Build a reproducible NAME.skill archive of a skill, checked against the upload rules'
            cand unpack 'Install a skill from a .skill or .zip archive, refusing anything unsafe'
            cand completions 'Print the completion script for a shell'
            cand man 'Print the man page of `skills` or of one of its commands (roff)'
            cand tokens 'Count what each skill costs in model tokens: its catalog entry (every turn), its body (each load) and its files (each read), with characters and bytes'
            cand why 'Tell the whole story of one skill in each runtime: where it looks, where the skill is or why it is not found, what it lists, what shadows it, whether a budget cuts it, whether it loads by name, and the fix'
            cand matrix 'Show which runtimes list each skill: a table of skills × runtimes, each cell listed, shortened, name only, hidden, dropped, shadowed or not found'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'skills;lint'= {
            cand --max-depth 'How many directory levels below each path to search'
            cand --max-dirs 'How many directories to visit per path before stopping (reported when hit)'
            cand -t 'A runtime whose rules apply (repeatable; `skills targets` lists them). Default: the config''s targets, else agentskills'
            cand --target 'A runtime whose rules apply (repeatable; `skills targets` lists them). Default: the config''s targets, else agentskills'
            cand --format 'Output format. Default: the config''s `output-format`, else human'
            cand -o 'Write the report to FILE instead of stdout (replaced whole, or not at all)'
            cand --output-file 'Write the report to FILE instead of stdout (replaced whole, or not at all)'
            cand --select 'Run only these rules: IDs, names, ID prefixes (S1) or ALL, comma-separated (replaces the config''s `select`)'
            cand --extend-select 'Run these rules too, on top of the selected ones'
            cand --ignore 'Do not run these rules'
            cand --exclude 'Skip skills whose path matches GLOB (repeatable; as `exclude` in skills.toml, relative to the working directory)'
            cand --baseline 'Report only findings that FILE (written by --write-baseline) does not hold'
            cand --write-baseline 'Record every finding in FILE, for --baseline, and exit 0'
            cand --stdin-filename 'With `-` as the path: the path the text read from stdin has, for messages and for the rules that look at the skill''s folder'
            cand --config 'Read this config file instead of looking for skills.toml'
            cand --color 'When to colour diagnostics (FORCE_COLOR and CLICOLOR_FORCE force it, NO_COLOR turns it off)'
            cand --no-ignore 'Search files that .gitignore excludes, too'
            cand --statistics 'Print how many findings each rule has, most first, instead of the findings'
            cand -q 'Print the findings only: no summary line, no notes, no progress line (without -q, a run that takes more than a second shows one on stderr when stderr is a terminal and the format is human or concise, and erases it at the end)'
            cand --quiet 'Print the findings only: no summary line, no notes, no progress line (without -q, a run that takes more than a second shows one on stderr when stderr is a terminal and the format is human or concise, and erases it at the end)'
            cand --exit-zero 'Exit 0 even when there are findings at error level (tool failures still exit 2)'
            cand --watch 'Lint again whenever a file under the paths changes (Ctrl-C stops)'
            cand --allow-empty 'Succeed when no skill is found under the paths'
            cand --fix 'Apply the fixes that cannot change meaning (quote a scalar that breaks YAML, strip a BOM, CRLF to LF), then report what is left'
            cand --dry-run 'With --fix: print the changes as a unified diff and write nothing'
            cand --deny-warnings 'Exit 1 on warnings too'
            cand --isolated 'Ignore every config file'
            cand --print-config 'Print the effective configuration and exit'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;explain'= {
            cand --all 'Print the table of every rule (Markdown)'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'skills;list'= {
            cand --max-depth 'How many directory levels below each path to search'
            cand --max-dirs 'How many directories to visit per path before stopping (reported when hit)'
            cand --format 'Output format'
            cand --no-ignore 'Search files that .gitignore excludes, too'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;catalog'= {
            cand --max-depth 'How many directory levels below each path to search'
            cand --max-dirs 'How many directories to visit per path before stopping (reported when hit)'
            cand -t 'The runtime (`skills targets` lists them)'
            cand --target 'The runtime (`skills targets` lists them)'
            cand --path-prefix 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine'
            cand --model 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime''s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime''s fallback, with a note'
            cand --skills-path 'With --roots, for runtimes whose skills paths are set in code (Mastra''s `new Workspace({ skills: [...] })`): one of the workspace''s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`'
            cand --context-window 'The model''s context window in tokens, for budgets that scale with it (Claude Code, Codex). Default: the runtime''s own fallback'
            cand --format 'Output format'
            cand --check 'Compare with FILE instead of printing: exit 1 with a unified diff when they differ'
            cand --no-ignore 'Search files that .gitignore excludes, too'
            cand --roots 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs'
            cand --no-builtins 'Leave out the skills the runtime ships and lists by itself'
            cand --stats 'Also report size, budget use and which skills lost their description or were left out (to stderr; with --format json, in the JSON)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;targets'= {
            cand --format 'Output format'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;load'= {
            cand --max-depth 'How many directory levels below each path to search'
            cand --max-dirs 'How many directories to visit per path before stopping (reported when hit)'
            cand -t 'The runtime (`skills targets` lists them)'
            cand --target 'The runtime (`skills targets` lists them)'
            cand --path-prefix 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine'
            cand --model 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime''s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime''s fallback, with a note'
            cand --skills-path 'With --roots, for runtimes whose skills paths are set in code (Mastra''s `new Workspace({ skills: [...] })`): one of the workspace''s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`'
            cand --file 'Read this file of the skill (a path relative to its directory) instead, as the runtime''s read tool would, with its guards'
            cand --lines 'With --file: only these lines (`A:B`, `A:` or `A`; 1-based, inclusive)'
            cand --mode 'The runtime''s load mode, where it has several (`skills targets T` lists them)'
            cand --format 'Output format'
            cand --no-ignore 'Search files that .gitignore excludes, too'
            cand --roots 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs'
            cand --no-builtins 'Leave out the skills the runtime ships and lists by itself'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;simulate'= {
            cand --max-depth 'How many directory levels below each path to search'
            cand --max-dirs 'How many directories to visit per path before stopping (reported when hit)'
            cand -t 'The runtime (`skills targets` lists them)'
            cand --target 'The runtime (`skills targets` lists them)'
            cand --path-prefix 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine'
            cand --model 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime''s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime''s fallback, with a note'
            cand --skills-path 'With --roots, for runtimes whose skills paths are set in code (Mastra''s `new Workspace({ skills: [...] })`): one of the workspace''s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`'
            cand --load 'Activate this skill (repeatable; a second load of the same skill shows the runtime''s reload behaviour)'
            cand --read 'Read a file of a skill: SKILL:PATH, optionally with lines, SKILL:PATH@A:B (repeatable)'
            cand --search 'Search the catalog with the runtime''s search tool (Metis `skill_search`; repeatable)'
            cand --turns 'How many user turns the session has (the steps happen in the first)'
            cand --mode 'The runtime''s load mode, where it has several (`skills targets T` lists them)'
            cand --context-window 'The model''s context window in tokens, for catalog budgets that scale with it'
            cand --user 'The user''s first message'
            cand --format 'Output format'
            cand --no-ignore 'Search files that .gitignore excludes, too'
            cand --roots 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs'
            cand --no-builtins 'Leave out the skills the runtime ships and lists by itself'
            cand --table 'Print only the per-request table and the verdict on the cached prefix, not the transcript'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;new'= {
            cand --dir 'Where to create the skill''s folder'
            cand --description 'What the skill does and when to use it (default: a placeholder that says so)'
            cand --license 'A license name, or the name of a license file in the skill'
            cand --with 'Resource folders to create, each with a starter file the body links to'
            cand -t 'A runtime whose rules NAME and the skill must pass (repeatable). Default: the config''s targets, else agentskills'
            cand --target 'A runtime whose rules NAME and the skill must pass (repeatable). Default: the config''s targets, else agentskills'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;package'= {
            cand --out 'Where to write NAME.skill (default: the working directory)'
            cand --max-size 'The most the files may add up to, uncompressed (30MB, 500kB, 2MiB…)'
            cand --list 'Show what would go into the archive, and write nothing'
            cand --force 'Replace an existing archive'
            cand --no-ignore 'Package files that .gitignore excludes, too'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'skills;unpack'= {
            cand --into 'The folder to install the skill''s folder into'
            cand --max-size 'The most the archive may unpack to (100MB, 500kB, 2MiB…)'
            cand --max-entries 'The most entries the archive may hold'
            cand --force 'Replace an existing skill folder of the same name'
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'skills;completions'= {
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'skills;man'= {
            cand -h 'Print help'
            cand --help 'Print help'
        }
        &'skills;tokens'= {
            cand --max-depth 'How many directory levels below each path to search'
            cand --max-dirs 'How many directories to visit per path before stopping (reported when hit)'
            cand -t 'The runtime (`skills targets` lists them)'
            cand --target 'The runtime (`skills targets` lists them)'
            cand --path-prefix 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine'
            cand --model 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime''s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime''s fallback, with a note'
            cand --skills-path 'With --roots, for runtimes whose skills paths are set in code (Mastra''s `new Workspace({ skills: [...] })`): one of the workspace''s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`'
            cand --encoding 'The model tokenizer to count with'
            cand --context-window 'The model''s context window in tokens, for catalog budgets that scale with it (Claude Code, Codex). Default: the model''s own (`--model`, else the runtime''s default model), else 200000'
            cand --sort 'The order of the skills: discovery order (path), by name, or largest first'
            cand --max-catalog-tokens 'Exit 1 when a skill''s catalog entry is more than N tokens'
            cand --max-body-tokens 'Exit 1 when a skill''s body (what a load adds) is more than N tokens'
            cand --max-skill-tokens 'Exit 1 when a skill''s catalog entry, body and resources together are more than N tokens'
            cand --format 'Output format'
            cand --no-ignore 'Search files that .gitignore excludes, too'
            cand --roots 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs'
            cand --no-builtins 'Leave out the skills the runtime ships and lists by itself'
            cand -q 'Show no progress line. Without it, a run that takes more than a second shows one on stderr when stderr is a terminal (never with `--format json`), and erases it at the end'
            cand --quiet 'Show no progress line. Without it, a run that takes more than a second shows one on stderr when stderr is a terminal (never with `--format json`), and erases it at the end'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;why'= {
            cand -t 'A runtime to ask (repeatable). Default: the config''s targets, else agentskills'
            cand --target 'A runtime to ask (repeatable). Default: the config''s targets, else agentskills'
            cand --context-window 'The model''s context window in tokens, for budgets that scale with it. Default: each runtime''s default model''s'
            cand --path-prefix 'Write catalog paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output (and budgets that count path bytes) is the same on every machine'
            cand --format 'Output format'
            cand --roots 'Look where each runtime itself looks (the default without PATHs)'
            cand --all-targets 'Ask every runtime `skills targets` lists'
            cand --no-builtins 'Leave out the skills the runtimes ship and list by themselves'
            cand --no-ignore 'Search files that .gitignore excludes, too (under PATHs)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;matrix'= {
            cand -t 'A runtime to show (repeatable). Default: every runtime'
            cand --target 'A runtime to show (repeatable). Default: every runtime'
            cand --context-window 'The model''s context window in tokens, for budgets that scale with it. Default: each runtime''s default model''s'
            cand --path-prefix 'Write catalog paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output (and budgets that count path bytes) is the same on every machine'
            cand --format 'Output format'
            cand --roots 'Look where each runtime itself looks instead of under PATHs: a skill one runtime does not look for is `not found` there'
            cand --no-builtins 'Leave out the skills the runtimes ship and list by themselves (they can shadow yours)'
            cand --no-ignore 'Search files that .gitignore excludes, too'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'skills;help'= {
            cand lint 'Check skills against the standard and the selected runtimes'
            cand explain 'Show a rule''s documentation, or the table of every rule'
            cand list 'List every skill found under the paths: name, scope, path and status'
            cand catalog 'Print the exact catalog bytes a runtime puts in the prompt for these skills'
            cand targets 'List the runtime targets: roots, budget, confidence and sources'
            cand load 'Print exactly what a runtime gives the model when it activates a skill, or reads one of its files'
            cand simulate 'Play a session as a runtime builds it: the catalog, each skill load and file read, the size of every request and whether its cached prefix stays byte-identical'
            cand new 'Create a skill folder that passes `skills lint` as it is'
            cand package 'Build a reproducible NAME.skill archive of a skill, checked against the upload rules'
            cand unpack 'Install a skill from a .skill or .zip archive, refusing anything unsafe'
            cand completions 'Print the completion script for a shell'
            cand man 'Print the man page of `skills` or of one of its commands (roff)'
            cand tokens 'Count what each skill costs in model tokens: its catalog entry (every turn), its body (each load) and its files (each read), with characters and bytes'
            cand why 'Tell the whole story of one skill in each runtime: where it looks, where the skill is or why it is not found, what it lists, what shadows it, whether a budget cuts it, whether it loads by name, and the fix'
            cand matrix 'Show which runtimes list each skill: a table of skills × runtimes, each cell listed, shortened, name only, hidden, dropped, shadowed or not found'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'skills;help;lint'= {
        }
        &'skills;help;explain'= {
        }
        &'skills;help;list'= {
        }
        &'skills;help;catalog'= {
        }
        &'skills;help;targets'= {
        }
        &'skills;help;load'= {
        }
        &'skills;help;simulate'= {
        }
        &'skills;help;new'= {
        }
        &'skills;help;package'= {
        }
        &'skills;help;unpack'= {
        }
        &'skills;help;completions'= {
        }
        &'skills;help;man'= {
        }
        &'skills;help;tokens'= {
        }
        &'skills;help;why'= {
        }
        &'skills;help;matrix'= {
        }
        &'skills;help;help'= {
        }
    ]
    $completions[$command]
}
