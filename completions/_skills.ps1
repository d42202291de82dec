
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'skills' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'skills'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'skills' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check skills against the standard and the selected runtimes')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Show a rule''s documentation, or the table of every rule')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every skill found under the paths: name, scope, path and status')
            [CompletionResult]::new('catalog', 'catalog', [CompletionResultType]::ParameterValue, 'Print the exact catalog bytes a runtime puts in the prompt for these skills')
            [CompletionResult]::new('targets', 'targets', [CompletionResultType]::ParameterValue, 'List the runtime targets: roots, budget, confidence and sources')
            [CompletionResult]::new('load', 'load', [CompletionResultType]::ParameterValue, 'Print exactly what a runtime gives the model when it activates a skill, or reads one of its files')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Play a session as a runtime builds it: the catalog, each skill load and file read, the size of every request and whether its cached prefix stays byte-identical')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Create a skill folder that passes `skills lint` as it is')
            [CompletionResult]::new('package', 'package', [CompletionResultType]::ParameterValue, 'Build a reproducible NAME.skill archive of a skill, checked against the upload rules')
            [CompletionResult]::new('unpack', 'unpack', [CompletionResultType]::ParameterValue, 'Install a skill from a .skill or .zip archive, refusing anything unsafe')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the completion script for a shell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page of `skills` or of one of its commands (roff)')
            [CompletionResult]::new('tokens', 'tokens', [CompletionResultType]::ParameterValue, 'Count what each skill costs in model tokens: its catalog entry (every turn), its body (each load) and its files (each read), with characters and bytes')
            [CompletionResult]::new('why', 'why', [CompletionResultType]::ParameterValue, 'Tell the whole story of one skill in each runtime: where it looks, where the skill is or why it is not found, what it lists, what shadows it, whether a budget cuts it, whether it loads by name, and the fix')
            [CompletionResult]::new('matrix', 'matrix', [CompletionResultType]::ParameterValue, 'Show which runtimes list each skill: a table of skills × runtimes, each cell listed, shortened, name only, hidden, dropped, shadowed or not found')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'skills;lint' {
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'How many directory levels below each path to search')
            [CompletionResult]::new('--max-dirs', '--max-dirs', [CompletionResultType]::ParameterName, 'How many directories to visit per path before stopping (reported when hit)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'A runtime whose rules apply (repeatable; `skills targets` lists them). Default: the config''s targets, else agentskills')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'A runtime whose rules apply (repeatable; `skills targets` lists them). Default: the config''s targets, else agentskills')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format. Default: the config''s `output-format`, else human')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the report to FILE instead of stdout (replaced whole, or not at all)')
            [CompletionResult]::new('--output-file', '--output-file', [CompletionResultType]::ParameterName, 'Write the report to FILE instead of stdout (replaced whole, or not at all)')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Run only these rules: IDs, names, ID prefixes (S1) or ALL, comma-separated (replaces the config''s `select`)')
            [CompletionResult]::new('--extend-select', '--extend-select', [CompletionResultType]::ParameterName, 'Run these rules too, on top of the selected ones')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Do not run these rules')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip skills whose path matches GLOB (repeatable; as `exclude` in skills.toml, relative to the working directory)')
            [CompletionResult]::new('--baseline', '--baseline', [CompletionResultType]::ParameterName, 'Report only findings that FILE (written by --write-baseline) does not hold')
            [CompletionResult]::new('--write-baseline', '--write-baseline', [CompletionResultType]::ParameterName, 'Record every finding in FILE, for --baseline, and exit 0')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'With `-` as the path: the path the text read from stdin has, for messages and for the rules that look at the skill''s folder')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read this config file instead of looking for skills.toml')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics (FORCE_COLOR and CLICOLOR_FORCE force it, NO_COLOR turns it off)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Search files that .gitignore excludes, too')
            [CompletionResult]::new('--statistics', '--statistics', [CompletionResultType]::ParameterName, 'Print how many findings each rule has, most first, instead of the findings')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print the findings only: no summary line, no notes, no progress line (without -q, a run that takes more than a second shows one on stderr when stderr is a terminal and the format is human or concise, and erases it at the end)')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print the findings only: no summary line, no notes, no progress line (without -q, a run that takes more than a second shows one on stderr when stderr is a terminal and the format is human or concise, and erases it at the end)')
            [CompletionResult]::new('--exit-zero', '--exit-zero', [CompletionResultType]::ParameterName, 'Exit 0 even when there are findings at error level (tool failures still exit 2)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Lint again whenever a file under the paths changes (Ctrl-C stops)')
            [CompletionResult]::new('--allow-empty', '--allow-empty', [CompletionResultType]::ParameterName, 'Succeed when no skill is found under the paths')
            [CompletionResult]::new('--fix', '--fix', [CompletionResultType]::ParameterName, 'Apply the fixes that cannot change meaning (quote a scalar that breaks YAML, strip a BOM, CRLF to LF), then report what is left')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'With --fix: print the changes as a unified diff and write nothing')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit 1 on warnings too')
            [CompletionResult]::new('--isolated', '--isolated', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--print-config', '--print-config', [CompletionResultType]::ParameterName, 'Print the effective configuration and exit')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;explain' {
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Print the table of every rule (Markdown)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'skills;list' {
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'How many directory levels below each path to search')
            [CompletionResult]::new('--max-dirs', '--max-dirs', [CompletionResultType]::ParameterName, 'How many directories to visit per path before stopping (reported when hit)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Search files that .gitignore excludes, too')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;catalog' {
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'How many directory levels below each path to search')
            [CompletionResult]::new('--max-dirs', '--max-dirs', [CompletionResultType]::ParameterName, 'How many directories to visit per path before stopping (reported when hit)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'The runtime (`skills targets` lists them)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'The runtime (`skills targets` lists them)')
            [CompletionResult]::new('--path-prefix', '--path-prefix', [CompletionResultType]::ParameterName, 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime''s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime''s fallback, with a note')
            [CompletionResult]::new('--skills-path', '--skills-path', [CompletionResultType]::ParameterName, 'With --roots, for runtimes whose skills paths are set in code (Mastra''s `new Workspace({ skills: [...] })`): one of the workspace''s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The model''s context window in tokens, for budgets that scale with it (Claude Code, Codex). Default: the runtime''s own fallback')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--check', '--check', [CompletionResultType]::ParameterName, 'Compare with FILE instead of printing: exit 1 with a unified diff when they differ')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Search files that .gitignore excludes, too')
            [CompletionResult]::new('--roots', '--roots', [CompletionResultType]::ParameterName, 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs')
            [CompletionResult]::new('--no-builtins', '--no-builtins', [CompletionResultType]::ParameterName, 'Leave out the skills the runtime ships and lists by itself')
            [CompletionResult]::new('--stats', '--stats', [CompletionResultType]::ParameterName, 'Also report size, budget use and which skills lost their description or were left out (to stderr; with --format json, in the JSON)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;targets' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;load' {
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'How many directory levels below each path to search')
            [CompletionResult]::new('--max-dirs', '--max-dirs', [CompletionResultType]::ParameterName, 'How many directories to visit per path before stopping (reported when hit)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'The runtime (`skills targets` lists them)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'The runtime (`skills targets` lists them)')
            [CompletionResult]::new('--path-prefix', '--path-prefix', [CompletionResultType]::ParameterName, 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime''s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime''s fallback, with a note')
            [CompletionResult]::new('--skills-path', '--skills-path', [CompletionResultType]::ParameterName, 'With --roots, for runtimes whose skills paths are set in code (Mastra''s `new Workspace({ skills: [...] })`): one of the workspace''s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`')
            [CompletionResult]::new('--file', '--file', [CompletionResultType]::ParameterName, 'Read this file of the skill (a path relative to its directory) instead, as the runtime''s read tool would, with its guards')
            [CompletionResult]::new('--lines', '--lines', [CompletionResultType]::ParameterName, 'With --file: only these lines (`A:B`, `A:` or `A`; 1-based, inclusive)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'The runtime''s load mode, where it has several (`skills targets T` lists them)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Search files that .gitignore excludes, too')
            [CompletionResult]::new('--roots', '--roots', [CompletionResultType]::ParameterName, 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs')
            [CompletionResult]::new('--no-builtins', '--no-builtins', [CompletionResultType]::ParameterName, 'Leave out the skills the runtime ships and lists by itself')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;simulate' {
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'How many directory levels below each path to search')
            [CompletionResult]::new('--max-dirs', '--max-dirs', [CompletionResultType]::ParameterName, 'How many directories to visit per path before stopping (reported when hit)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'The runtime (`skills targets` lists them)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'The runtime (`skills targets` lists them)')
            [CompletionResult]::new('--path-prefix', '--path-prefix', [CompletionResultType]::ParameterName, 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime''s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime''s fallback, with a note')
            [CompletionResult]::new('--skills-path', '--skills-path', [CompletionResultType]::ParameterName, 'With --roots, for runtimes whose skills paths are set in code (Mastra''s `new Workspace({ skills: [...] })`): one of the workspace''s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`')
            [CompletionResult]::new('--load', '--load', [CompletionResultType]::ParameterName, 'Activate this skill (repeatable; a second load of the same skill shows the runtime''s reload behaviour)')
            [CompletionResult]::new('--read', '--read', [CompletionResultType]::ParameterName, 'Read a file of a skill: SKILL:PATH, optionally with lines, SKILL:PATH@A:B (repeatable)')
            [CompletionResult]::new('--search', '--search', [CompletionResultType]::ParameterName, 'Search the catalog with the runtime''s search tool (Metis `skill_search`; repeatable)')
            [CompletionResult]::new('--turns', '--turns', [CompletionResultType]::ParameterName, 'How many user turns the session has (the steps happen in the first)')
            [CompletionResult]::new('--mode', '--mode', [CompletionResultType]::ParameterName, 'The runtime''s load mode, where it has several (`skills targets T` lists them)')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The model''s context window in tokens, for catalog budgets that scale with it')
            [CompletionResult]::new('--user', '--user', [CompletionResultType]::ParameterName, 'The user''s first message')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Search files that .gitignore excludes, too')
            [CompletionResult]::new('--roots', '--roots', [CompletionResultType]::ParameterName, 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs')
            [CompletionResult]::new('--no-builtins', '--no-builtins', [CompletionResultType]::ParameterName, 'Leave out the skills the runtime ships and lists by itself')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'Print only the per-request table and the verdict on the cached prefix, not the transcript')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;new' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Where to create the skill''s folder')
            [CompletionResult]::new('--description', '--description', [CompletionResultType]::ParameterName, 'What the skill does and when to use it (default: a placeholder that says so)')
            [CompletionResult]::new('--license', '--license', [CompletionResultType]::ParameterName, 'A license name, or the name of a license file in the skill')
            [CompletionResult]::new('--with', '--with', [CompletionResultType]::ParameterName, 'Resource folders to create, each with a starter file the body links to')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'A runtime whose rules NAME and the skill must pass (repeatable). Default: the config''s targets, else agentskills')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'A runtime whose rules NAME and the skill must pass (repeatable). Default: the config''s targets, else agentskills')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;package' {
            [CompletionResult]::new('--out', '--out', [CompletionResultType]::ParameterName, 'Where to write NAME.skill (default: the working directory)')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'The most the files may add up to, uncompressed (30MB, 500kB, 2MiB…)')
            [CompletionResult]::new('--list', '--list', [CompletionResultType]::ParameterName, 'Show what would go into the archive, and write nothing')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace an existing archive')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Package files that .gitignore excludes, too')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'skills;unpack' {
            [CompletionResult]::new('--into', '--into', [CompletionResultType]::ParameterName, 'The folder to install the skill''s folder into')
            [CompletionResult]::new('--max-size', '--max-size', [CompletionResultType]::ParameterName, 'The most the archive may unpack to (100MB, 500kB, 2MiB…)')
            [CompletionResult]::new('--max-entries', '--max-entries', [CompletionResultType]::ParameterName, 'The most entries the archive may hold')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace an existing skill folder of the same name')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'skills;completions' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'skills;man' {
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help')
            break
        }
        'skills;tokens' {
            [CompletionResult]::new('--max-depth', '--max-depth', [CompletionResultType]::ParameterName, 'How many directory levels below each path to search')
            [CompletionResult]::new('--max-dirs', '--max-dirs', [CompletionResultType]::ParameterName, 'How many directories to visit per path before stopping (reported when hit)')
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'The runtime (`skills targets` lists them)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'The runtime (`skills targets` lists them)')
            [CompletionResult]::new('--path-prefix', '--path-prefix', [CompletionResultType]::ParameterName, 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine')
            [CompletionResult]::new('--model', '--model', [CompletionResultType]::ParameterName, 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime''s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime''s fallback, with a note')
            [CompletionResult]::new('--skills-path', '--skills-path', [CompletionResultType]::ParameterName, 'With --roots, for runtimes whose skills paths are set in code (Mastra''s `new Workspace({ skills: [...] })`): one of the workspace''s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The model tokenizer to count with')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The model''s context window in tokens, for catalog budgets that scale with it (Claude Code, Codex). Default: the model''s own (`--model`, else the runtime''s default model), else 200000')
            [CompletionResult]::new('--sort', '--sort', [CompletionResultType]::ParameterName, 'The order of the skills: discovery order (path), by name, or largest first')
            [CompletionResult]::new('--max-catalog-tokens', '--max-catalog-tokens', [CompletionResultType]::ParameterName, 'Exit 1 when a skill''s catalog entry is more than N tokens')
            [CompletionResult]::new('--max-body-tokens', '--max-body-tokens', [CompletionResultType]::ParameterName, 'Exit 1 when a skill''s body (what a load adds) is more than N tokens')
            [CompletionResult]::new('--max-skill-tokens', '--max-skill-tokens', [CompletionResultType]::ParameterName, 'Exit 1 when a skill''s catalog entry, body and resources together are more than N tokens')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Search files that .gitignore excludes, too')
            [CompletionResult]::new('--roots', '--roots', [CompletionResultType]::ParameterName, 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs')
            [CompletionResult]::new('--no-builtins', '--no-builtins', [CompletionResultType]::ParameterName, 'Leave out the skills the runtime ships and lists by itself')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Show no progress line. Without it, a run that takes more than a second shows one on stderr when stderr is a terminal (never with `--format json`), and erases it at the end')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Show no progress line. Without it, a run that takes more than a second shows one on stderr when stderr is a terminal (never with `--format json`), and erases it at the end')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;why' {
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'A runtime to ask (repeatable). Default: the config''s targets, else agentskills')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'A runtime to ask (repeatable). Default: the config''s targets, else agentskills')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The model''s context window in tokens, for budgets that scale with it. Default: each runtime''s default model''s')
            [CompletionResult]::new('--path-prefix', '--path-prefix', [CompletionResultType]::ParameterName, 'Write catalog paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output (and budgets that count path bytes) is the same on every machine')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--roots', '--roots', [CompletionResultType]::ParameterName, 'Look where each runtime itself looks (the default without PATHs)')
            [CompletionResult]::new('--all-targets', '--all-targets', [CompletionResultType]::ParameterName, 'Ask every runtime `skills targets` lists')
            [CompletionResult]::new('--no-builtins', '--no-builtins', [CompletionResultType]::ParameterName, 'Leave out the skills the runtimes ship and list by themselves')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Search files that .gitignore excludes, too (under PATHs)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;matrix' {
            [CompletionResult]::new('-t', '-t', [CompletionResultType]::ParameterName, 'A runtime to show (repeatable). Default: every runtime')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'A runtime to show (repeatable). Default: every runtime')
            [CompletionResult]::new('--context-window', '--context-window', [CompletionResultType]::ParameterName, 'The model''s context window in tokens, for budgets that scale with it. Default: each runtime''s default model''s')
            [CompletionResult]::new('--path-prefix', '--path-prefix', [CompletionResultType]::ParameterName, 'Write catalog paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output (and budgets that count path bytes) is the same on every machine')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--roots', '--roots', [CompletionResultType]::ParameterName, 'Look where each runtime itself looks instead of under PATHs: a skill one runtime does not look for is `not found` there')
            [CompletionResult]::new('--no-builtins', '--no-builtins', [CompletionResultType]::ParameterName, 'Leave out the skills the runtimes ship and list by themselves (they can shadow yours)')
            [CompletionResult]::new('--no-ignore', '--no-ignore', [CompletionResultType]::ParameterName, 'Search files that .gitignore excludes, too')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'skills;help' {
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Check skills against the standard and the selected runtimes')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Show a rule''s documentation, or the table of every rule')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List every skill found under the paths: name, scope, path and status')
            [CompletionResult]::new('catalog', 'catalog', [CompletionResultType]::ParameterValue, 'Print the exact catalog bytes a runtime puts in the prompt for these skills')
            [CompletionResult]::new('targets', 'targets', [CompletionResultType]::ParameterValue, 'List the runtime targets: roots, budget, confidence and sources')
            [CompletionResult]::new('load', 'load', [CompletionResultType]::ParameterValue, 'Print exactly what a runtime gives the model when it activates a skill, or reads one of its files')
            [CompletionResult]::new('simulate', 'simulate', [CompletionResultType]::ParameterValue, 'Play a session as a runtime builds it: the catalog, each skill load and file read, the size of every request and whether its cached prefix stays byte-identical')
            [CompletionResult]::new('new', 'new', [CompletionResultType]::ParameterValue, 'Create a skill folder that passes `skills lint` as it is')
            [CompletionResult]::new('package', 'package', [CompletionResultType]::ParameterValue, 'Build a reproducible NAME.skill archive of a skill, checked against the upload rules')
            [CompletionResult]::new('unpack', 'unpack', [CompletionResultType]::ParameterValue, 'Install a skill from a .skill or .zip archive, refusing anything unsafe')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print the completion script for a shell')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print the man page of `skills` or of one of its commands (roff)')
            [CompletionResult]::new('tokens', 'tokens', [CompletionResultType]::ParameterValue, 'Count what each skill costs in model tokens: its catalog entry (every turn), its body (each load) and its files (each read), with characters and bytes')
            [CompletionResult]::new('why', 'why', [CompletionResultType]::ParameterValue, 'Tell the whole story of one skill in each runtime: where it looks, where the skill is or why it is not found, what it lists, what shadows it, whether a budget cuts it, whether it loads by name, and the fix')
            [CompletionResult]::new('matrix', 'matrix', [CompletionResultType]::ParameterValue, 'Show which runtimes list each skill: a table of skills × runtimes, each cell listed, shortened, name only, hidden, dropped, shadowed or not found')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'skills;help;lint' {
            break
        }
        'skills;help;explain' {
            break
        }
        'skills;help;list' {
            break
        }
        'skills;help;catalog' {
            break
        }
        'skills;help;targets' {
            break
        }
        'skills;help;load' {
            break
        }
        'skills;help;simulate' {
            break
        }
        'skills;help;new' {
            break
        }
        'skills;help;package' {
            break
        }
        'skills;help;unpack' {
            break
        }
        'skills;help;completions' {
            break
        }
        'skills;help;man' {
            break
        }
        'skills;help;tokens' {
            break
        }
        'skills;help;why' {
            break
        }
        'skills;help;matrix' {
            break
        }
        'skills;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
