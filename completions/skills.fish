# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_skills_global_optspecs
    string join \n h/help V/version
end

function __fish_skills_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_skills_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_skills_using_subcommand
    set -l cmd (__fish_skills_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c skills -n "__fish_skills_needs_command" -s h -l help -d 'Print help'
complete -c skills -n "__fish_skills_needs_command" -s V -l version -d 'Print version'
complete -c skills -n "__fish_skills_needs_command" -f -a "lint" -d 'Check skills against the standard and the selected runtimes'
complete -c skills -n "__fish_skills_needs_command" -f -a "explain" -d 'Show a rule\'s documentation, or the table of every rule'
complete -c skills -n "__fish_skills_needs_command" -f -a "list" -d 'List every skill found under the paths: name, scope, path and status'
complete -c skills -n "__fish_skills_needs_command" -f -a "catalog" -d 'Print the exact catalog bytes a runtime puts in the prompt for these skills'
complete -c skills -n "__fish_skills_needs_command" -f -a "targets" -d 'List the runtime targets: roots, budget, confidence and sources'
complete -c skills -n "__fish_skills_needs_command" -f -a "load" -d 'Print exactly what a runtime gives the model when it activates a skill, or reads one of its files'
complete -c skills -n "__fish_skills_needs_command" -f -a "simulate" -d 'Play a session as a runtime builds it: the catalog, each skill load and file read, the size of every request and whether its cached prefix stays byte-identical'
complete -c skills -n "__fish_skills_needs_command" -f -a "new" -d 'Create a skill folder that passes `skills lint` as it is'
complete -c skills -n "__fish_skills_needs_command" -f -a "package" -d 'Build a reproducible NAME.skill archive of a skill, checked against the upload rules'
complete -c skills -n "__fish_skills_needs_command" -f -a "unpack" -d 'Install a skill from a .skill or .zip archive, refusing anything unsafe'
complete -c skills -n "__fish_skills_needs_command" -f -a "completions" -d 'Print the completion script for a shell'
complete -c skills -n "__fish_skills_needs_command" -f -a "man" -d 'Print the man page of `skills` or of one of its commands (roff)'
complete -c skills -n "__fish_skills_needs_command" -f -a "tokens" -d 'Count what each skill costs in model tokens: its catalog entry (every turn), its body (each load) and its files (each read), with characters and bytes'
complete -c skills -n "__fish_skills_needs_command" -f -a "why" -d 'Tell the whole story of one skill in each runtime: where it looks, where the skill is or why it is not found, what it lists, what shadows it, whether a budget cuts it, whether it loads by name, and the fix'
complete -c skills -n "__fish_skills_needs_command" -f -a "matrix" -d 'Show which runtimes list each skill: a table of skills × runtimes, each cell listed, shortened, name only, hidden, dropped, shadowed or not found'
complete -c skills -n "__fish_skills_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c skills -n "__fish_skills_using_subcommand lint" -l max-depth -d 'How many directory levels below each path to search' -r
complete -c skills -n "__fish_skills_using_subcommand lint" -l max-dirs -d 'How many directories to visit per path before stopping (reported when hit)' -r
complete -c skills -n "__fish_skills_using_subcommand lint" -s t -l target -d 'A runtime whose rules apply (repeatable; `skills targets` lists them). Default: the config\'s targets, else agentskills' -r
complete -c skills -n "__fish_skills_using_subcommand lint" -l format -d 'Output format' -r -f -a "human\t'Diagnostics with the source lines they point at, then a summary line'
json\t'The stable JSON schema `skills.lint/v1` (see docs/json.md)'
sarif\t'SARIF 2.1.0, for code scanning'
github\t'GitHub Actions workflow commands (annotations)'"
complete -c skills -n "__fish_skills_using_subcommand lint" -l config -d 'Read this config file instead of looking for skills.toml' -r -F
complete -c skills -n "__fish_skills_using_subcommand lint" -l color -d 'When to colour diagnostics' -r -f -a "auto\t'Colour when writing to a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c skills -n "__fish_skills_using_subcommand lint" -l no-ignore -d 'Search files that .gitignore excludes, too'
complete -c skills -n "__fish_skills_using_subcommand lint" -l fix -d 'Apply the fixes that cannot change meaning (quote a scalar that breaks YAML, strip a BOM, CRLF to LF), then report what is left'
complete -c skills -n "__fish_skills_using_subcommand lint" -l dry-run -d 'With --fix: print the changes as a unified diff and write nothing'
complete -c skills -n "__fish_skills_using_subcommand lint" -l deny-warnings -d 'Exit 1 on warnings too'
complete -c skills -n "__fish_skills_using_subcommand lint" -l isolated -d 'Ignore every config file'
complete -c skills -n "__fish_skills_using_subcommand lint" -l print-config -d 'Print the effective configuration and exit'
complete -c skills -n "__fish_skills_using_subcommand lint" -s q -l quiet -d 'Show no progress line. Without it, a run that takes more than a second shows one on stderr when stderr is a terminal (only with the human format), and erases it at the end'
complete -c skills -n "__fish_skills_using_subcommand lint" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand explain" -l all -d 'Print the table of every rule (Markdown)'
complete -c skills -n "__fish_skills_using_subcommand explain" -s h -l help -d 'Print help'
complete -c skills -n "__fish_skills_using_subcommand list" -l max-depth -d 'How many directory levels below each path to search' -r
complete -c skills -n "__fish_skills_using_subcommand list" -l max-dirs -d 'How many directories to visit per path before stopping (reported when hit)' -r
complete -c skills -n "__fish_skills_using_subcommand list" -l format -d 'Output format' -r -f -a "table\t'A table for people'
json\t'The stable JSON schema `skills.list/v1` (see docs/json.md)'"
complete -c skills -n "__fish_skills_using_subcommand list" -l no-ignore -d 'Search files that .gitignore excludes, too'
complete -c skills -n "__fish_skills_using_subcommand list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand catalog" -l max-depth -d 'How many directory levels below each path to search' -r
complete -c skills -n "__fish_skills_using_subcommand catalog" -l max-dirs -d 'How many directories to visit per path before stopping (reported when hit)' -r
complete -c skills -n "__fish_skills_using_subcommand catalog" -s t -l target -d 'The runtime (`skills targets` lists them)' -r
complete -c skills -n "__fish_skills_using_subcommand catalog" -l path-prefix -d 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine' -r
complete -c skills -n "__fish_skills_using_subcommand catalog" -l model -d 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime\'s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime\'s fallback, with a note' -r
complete -c skills -n "__fish_skills_using_subcommand catalog" -l skills-path -d 'With --roots, for runtimes whose skills paths are set in code (Mastra\'s `new Workspace({ skills: [...] })`): one of the workspace\'s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`' -r
complete -c skills -n "__fish_skills_using_subcommand catalog" -l context-window -d 'The model\'s context window in tokens, for budgets that scale with it (Claude Code, Codex). Default: the runtime\'s own fallback' -r
complete -c skills -n "__fish_skills_using_subcommand catalog" -l format -d 'Output format' -r -f -a "text\t'The catalog bytes alone'
json\t'The stable JSON schema `skills.catalog/v1`: the text and its statistics'"
complete -c skills -n "__fish_skills_using_subcommand catalog" -l check -d 'Compare with FILE instead of printing: exit 1 with a unified diff when they differ' -r -F
complete -c skills -n "__fish_skills_using_subcommand catalog" -l no-ignore -d 'Search files that .gitignore excludes, too'
complete -c skills -n "__fish_skills_using_subcommand catalog" -l roots -d 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs'
complete -c skills -n "__fish_skills_using_subcommand catalog" -l no-builtins -d 'Leave out the skills the runtime ships and lists by itself'
complete -c skills -n "__fish_skills_using_subcommand catalog" -l stats -d 'Also report size, budget use and which skills lost their description or were left out (to stderr; with --format json, in the JSON)'
complete -c skills -n "__fish_skills_using_subcommand catalog" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand targets" -l format -d 'Output format' -r -f -a "table\t'A table for people'
json\t'The stable JSON schema `skills.list/v1` (see docs/json.md)'"
complete -c skills -n "__fish_skills_using_subcommand targets" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand load" -l max-depth -d 'How many directory levels below each path to search' -r
complete -c skills -n "__fish_skills_using_subcommand load" -l max-dirs -d 'How many directories to visit per path before stopping (reported when hit)' -r
complete -c skills -n "__fish_skills_using_subcommand load" -s t -l target -d 'The runtime (`skills targets` lists them)' -r
complete -c skills -n "__fish_skills_using_subcommand load" -l path-prefix -d 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine' -r
complete -c skills -n "__fish_skills_using_subcommand load" -l model -d 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime\'s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime\'s fallback, with a note' -r
complete -c skills -n "__fish_skills_using_subcommand load" -l skills-path -d 'With --roots, for runtimes whose skills paths are set in code (Mastra\'s `new Workspace({ skills: [...] })`): one of the workspace\'s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`' -r
complete -c skills -n "__fish_skills_using_subcommand load" -l file -d 'Read this file of the skill (a path relative to its directory) instead, as the runtime\'s read tool would, with its guards' -r
complete -c skills -n "__fish_skills_using_subcommand load" -l lines -d 'With --file: only these lines (`A:B`, `A:` or `A`; 1-based, inclusive)' -r
complete -c skills -n "__fish_skills_using_subcommand load" -l mode -d 'The runtime\'s load mode, where it has several (`skills targets T` lists them)' -r
complete -c skills -n "__fish_skills_using_subcommand load" -l format -d 'Output format' -r -f -a "text\t'The text the model receives'
json\t'The stable JSON schema `skills.load/v1`: the call, each part, the record and sizes'"
complete -c skills -n "__fish_skills_using_subcommand load" -l no-ignore -d 'Search files that .gitignore excludes, too'
complete -c skills -n "__fish_skills_using_subcommand load" -l roots -d 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs'
complete -c skills -n "__fish_skills_using_subcommand load" -l no-builtins -d 'Leave out the skills the runtime ships and lists by itself'
complete -c skills -n "__fish_skills_using_subcommand load" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand simulate" -l max-depth -d 'How many directory levels below each path to search' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l max-dirs -d 'How many directories to visit per path before stopping (reported when hit)' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -s t -l target -d 'The runtime (`skills targets` lists them)' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l path-prefix -d 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l model -d 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime\'s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime\'s fallback, with a note' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l skills-path -d 'With --roots, for runtimes whose skills paths are set in code (Mastra\'s `new Workspace({ skills: [...] })`): one of the workspace\'s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l load -d 'Activate this skill (repeatable; a second load of the same skill shows the runtime\'s reload behaviour)' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l read -d 'Read a file of a skill: SKILL:PATH, optionally with lines, SKILL:PATH@A:B (repeatable)' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l search -d 'Search the catalog with the runtime\'s search tool (Metis `skill_search`; repeatable)' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l turns -d 'How many user turns the session has (the steps happen in the first)' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l mode -d 'The runtime\'s load mode, where it has several (`skills targets T` lists them)' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l context-window -d 'The model\'s context window in tokens, for catalog budgets that scale with it' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l user -d 'The user\'s first message' -r
complete -c skills -n "__fish_skills_using_subcommand simulate" -l format -d 'Output format' -r -f -a "text\t'The text the model receives'
json\t'The stable JSON schema `skills.load/v1`: the call, each part, the record and sizes'"
complete -c skills -n "__fish_skills_using_subcommand simulate" -l no-ignore -d 'Search files that .gitignore excludes, too'
complete -c skills -n "__fish_skills_using_subcommand simulate" -l roots -d 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs'
complete -c skills -n "__fish_skills_using_subcommand simulate" -l no-builtins -d 'Leave out the skills the runtime ships and lists by itself'
complete -c skills -n "__fish_skills_using_subcommand simulate" -l table -d 'Print only the per-request table and the verdict on the cached prefix, not the transcript'
complete -c skills -n "__fish_skills_using_subcommand simulate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand new" -l dir -d 'Where to create the skill\'s folder' -r -F
complete -c skills -n "__fish_skills_using_subcommand new" -l description -d 'What the skill does and when to use it (default: a placeholder that says so)' -r
complete -c skills -n "__fish_skills_using_subcommand new" -l license -d 'A license name, or the name of a license file in the skill' -r
complete -c skills -n "__fish_skills_using_subcommand new" -l with -d 'Resource folders to create, each with a starter file the body links to' -r -f -a "scripts\t'Code the agent runs'
references\t'Documents the agent reads when it needs them'
assets\t'Templates and files the output uses'"
complete -c skills -n "__fish_skills_using_subcommand new" -s t -l target -d 'A runtime whose rules NAME and the skill must pass (repeatable). Default: the config\'s targets, else agentskills' -r
complete -c skills -n "__fish_skills_using_subcommand new" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand package" -l out -d 'Where to write NAME.skill (default: the working directory)' -r -F
complete -c skills -n "__fish_skills_using_subcommand package" -l max-size -d 'The most the files may add up to, uncompressed (30MB, 500kB, 2MiB…)' -r
complete -c skills -n "__fish_skills_using_subcommand package" -l list -d 'Show what would go into the archive, and write nothing'
complete -c skills -n "__fish_skills_using_subcommand package" -l force -d 'Replace an existing archive'
complete -c skills -n "__fish_skills_using_subcommand package" -l no-ignore -d 'Package files that .gitignore excludes, too'
complete -c skills -n "__fish_skills_using_subcommand package" -s h -l help -d 'Print help'
complete -c skills -n "__fish_skills_using_subcommand unpack" -l into -d 'The folder to install the skill\'s folder into' -r -F
complete -c skills -n "__fish_skills_using_subcommand unpack" -l max-size -d 'The most the archive may unpack to (100MB, 500kB, 2MiB…)' -r
complete -c skills -n "__fish_skills_using_subcommand unpack" -l max-entries -d 'The most entries the archive may hold' -r
complete -c skills -n "__fish_skills_using_subcommand unpack" -l force -d 'Replace an existing skill folder of the same name'
complete -c skills -n "__fish_skills_using_subcommand unpack" -s h -l help -d 'Print help'
complete -c skills -n "__fish_skills_using_subcommand completions" -s h -l help -d 'Print help'
complete -c skills -n "__fish_skills_using_subcommand man" -s h -l help -d 'Print help'
complete -c skills -n "__fish_skills_using_subcommand tokens" -l max-depth -d 'How many directory levels below each path to search' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -l max-dirs -d 'How many directories to visit per path before stopping (reported when hit)' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -s t -l target -d 'The runtime (`skills targets` lists them)' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -l path-prefix -d 'Write paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output is the same on every machine' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -l model -d 'The model the runtime runs, for runtimes whose output depends on it (placement, wording, budget). Default: the runtime\'s own default model; `skills targets T` lists the known ones. An unknown model gets the runtime\'s fallback, with a note' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -l skills-path -d 'With --roots, for runtimes whose skills paths are set in code (Mastra\'s `new Workspace({ skills: [...] })`): one of the workspace\'s skills paths, relative to the working directory, which stands for the workspace root. Repeat it for several, in the configured order. Default: `skills`' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -l encoding -d 'The model tokenizer to count with' -r -f -a "o200k_base\t'GPT-4o and later OpenAI models'
cl100k_base\t'GPT-4 and GPT-3.5'"
complete -c skills -n "__fish_skills_using_subcommand tokens" -l context-window -d 'The model\'s context window in tokens, for catalog budgets that scale with it (Claude Code, Codex). Default: the model\'s own (`--model`, else the runtime\'s default model), else 200000' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -l sort -d 'The order of the skills: discovery order (path), by name, or largest first' -r -f -a "path\t'Discovery order (paths in argument order, sorted within each)'
name\t'By name'
catalog\t'Largest catalog entry first'
body\t'Largest body first'
resources\t'Largest resources first'
total\t'Largest total first'"
complete -c skills -n "__fish_skills_using_subcommand tokens" -l max-catalog-tokens -d 'Exit 1 when a skill\'s catalog entry is more than N tokens' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -l max-body-tokens -d 'Exit 1 when a skill\'s body (what a load adds) is more than N tokens' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -l max-skill-tokens -d 'Exit 1 when a skill\'s catalog entry, body and resources together are more than N tokens' -r
complete -c skills -n "__fish_skills_using_subcommand tokens" -l format -d 'Output format' -r -f -a "table\t'A table for people, then the totals and the budget'
json\t'The stable JSON schema `skills.tokens/v1` (see docs/json.md)'"
complete -c skills -n "__fish_skills_using_subcommand tokens" -l no-ignore -d 'Search files that .gitignore excludes, too'
complete -c skills -n "__fish_skills_using_subcommand tokens" -l roots -d 'Discover skills where the runtime itself looks (its project and user roots, with their environment overrides) instead of under PATHs'
complete -c skills -n "__fish_skills_using_subcommand tokens" -l no-builtins -d 'Leave out the skills the runtime ships and lists by itself'
complete -c skills -n "__fish_skills_using_subcommand tokens" -s q -l quiet -d 'Show no progress line. Without it, a run that takes more than a second shows one on stderr when stderr is a terminal (never with `--format json`), and erases it at the end'
complete -c skills -n "__fish_skills_using_subcommand tokens" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand why" -s t -l target -d 'A runtime to ask (repeatable). Default: the config\'s targets, else agentskills' -r
complete -c skills -n "__fish_skills_using_subcommand why" -l context-window -d 'The model\'s context window in tokens, for budgets that scale with it. Default: each runtime\'s default model\'s' -r
complete -c skills -n "__fish_skills_using_subcommand why" -l path-prefix -d 'Write catalog paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output (and budgets that count path bytes) is the same on every machine' -r
complete -c skills -n "__fish_skills_using_subcommand why" -l format -d 'Output format' -r -f -a "text\t'Text for people'
json\t'The stable JSON schema `skills.why/v1` (see docs/json.md)'"
complete -c skills -n "__fish_skills_using_subcommand why" -l roots -d 'Look where each runtime itself looks (the default without PATHs)'
complete -c skills -n "__fish_skills_using_subcommand why" -l all-targets -d 'Ask every runtime `skills targets` lists'
complete -c skills -n "__fish_skills_using_subcommand why" -l no-builtins -d 'Leave out the skills the runtimes ship and list by themselves'
complete -c skills -n "__fish_skills_using_subcommand why" -l no-ignore -d 'Search files that .gitignore excludes, too (under PATHs)'
complete -c skills -n "__fish_skills_using_subcommand why" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand matrix" -s t -l target -d 'A runtime to show (repeatable). Default: every runtime' -r
complete -c skills -n "__fish_skills_using_subcommand matrix" -l context-window -d 'The model\'s context window in tokens, for budgets that scale with it. Default: each runtime\'s default model\'s' -r
complete -c skills -n "__fish_skills_using_subcommand matrix" -l path-prefix -d 'Write catalog paths relative to the working directory, joined onto PREFIX (`.` for plain relative paths), so the output (and budgets that count path bytes) is the same on every machine' -r
complete -c skills -n "__fish_skills_using_subcommand matrix" -l format -d 'Output format' -r -f -a "table\t'A table for people, fitting 100 columns, with its abbreviations explained'
json\t'The stable JSON schema `skills.matrix/v1` (see docs/json.md)'"
complete -c skills -n "__fish_skills_using_subcommand matrix" -l roots -d 'Look where each runtime itself looks instead of under PATHs: a skill one runtime does not look for is `not found` there'
complete -c skills -n "__fish_skills_using_subcommand matrix" -l no-builtins -d 'Leave out the skills the runtimes ship and list by themselves (they can shadow yours)'
complete -c skills -n "__fish_skills_using_subcommand matrix" -l no-ignore -d 'Search files that .gitignore excludes, too'
complete -c skills -n "__fish_skills_using_subcommand matrix" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "lint" -d 'Check skills against the standard and the selected runtimes'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "explain" -d 'Show a rule\'s documentation, or the table of every rule'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "list" -d 'List every skill found under the paths: name, scope, path and status'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "catalog" -d 'Print the exact catalog bytes a runtime puts in the prompt for these skills'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "targets" -d 'List the runtime targets: roots, budget, confidence and sources'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "load" -d 'Print exactly what a runtime gives the model when it activates a skill, or reads one of its files'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "simulate" -d 'Play a session as a runtime builds it: the catalog, each skill load and file read, the size of every request and whether its cached prefix stays byte-identical'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "new" -d 'Create a skill folder that passes `skills lint` as it is'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "package" -d 'Build a reproducible NAME.skill archive of a skill, checked against the upload rules'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "unpack" -d 'Install a skill from a .skill or .zip archive, refusing anything unsafe'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "completions" -d 'Print the completion script for a shell'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "man" -d 'Print the man page of `skills` or of one of its commands (roff)'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "tokens" -d 'Count what each skill costs in model tokens: its catalog entry (every turn), its body (each load) and its files (each read), with characters and bytes'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "why" -d 'Tell the whole story of one skill in each runtime: where it looks, where the skill is or why it is not found, what it lists, what shadows it, whether a budget cuts it, whether it loads by name, and the fix'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "matrix" -d 'Show which runtimes list each skill: a table of skills × runtimes, each cell listed, shortened, name only, hidden, dropped, shadowed or not found'
complete -c skills -n "__fish_skills_using_subcommand help; and not __fish_seen_subcommand_from lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
