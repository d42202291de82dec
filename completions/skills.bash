_skills() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="skills"
                ;;
            skills,catalog)
                cmd="skills__subcmd__catalog"
                ;;
            skills,completions)
                cmd="skills__subcmd__completions"
                ;;
            skills,explain)
                cmd="skills__subcmd__explain"
                ;;
            skills,help)
                cmd="skills__subcmd__help"
                ;;
            skills,lint)
                cmd="skills__subcmd__lint"
                ;;
            skills,list)
                cmd="skills__subcmd__list"
                ;;
            skills,load)
                cmd="skills__subcmd__load"
                ;;
            skills,man)
                cmd="skills__subcmd__man"
                ;;
            skills,matrix)
                cmd="skills__subcmd__matrix"
                ;;
            skills,new)
                cmd="skills__subcmd__new"
                ;;
            skills,package)
                cmd="skills__subcmd__package"
                ;;
            skills,simulate)
                cmd="skills__subcmd__simulate"
                ;;
            skills,targets)
                cmd="skills__subcmd__targets"
                ;;
            skills,tokens)
                cmd="skills__subcmd__tokens"
                ;;
            skills,unpack)
                cmd="skills__subcmd__unpack"
                ;;
            skills,why)
                cmd="skills__subcmd__why"
                ;;
            skills__subcmd__help,catalog)
                cmd="skills__subcmd__help__subcmd__catalog"
                ;;
            skills__subcmd__help,completions)
                cmd="skills__subcmd__help__subcmd__completions"
                ;;
            skills__subcmd__help,explain)
                cmd="skills__subcmd__help__subcmd__explain"
                ;;
            skills__subcmd__help,help)
                cmd="skills__subcmd__help__subcmd__help"
                ;;
            skills__subcmd__help,lint)
                cmd="skills__subcmd__help__subcmd__lint"
                ;;
            skills__subcmd__help,list)
                cmd="skills__subcmd__help__subcmd__list"
                ;;
            skills__subcmd__help,load)
                cmd="skills__subcmd__help__subcmd__load"
                ;;
            skills__subcmd__help,man)
                cmd="skills__subcmd__help__subcmd__man"
                ;;
            skills__subcmd__help,matrix)
                cmd="skills__subcmd__help__subcmd__matrix"
                ;;
            skills__subcmd__help,new)
                cmd="skills__subcmd__help__subcmd__new"
                ;;
            skills__subcmd__help,package)
                cmd="skills__subcmd__help__subcmd__package"
                ;;
            skills__subcmd__help,simulate)
                cmd="skills__subcmd__help__subcmd__simulate"
                ;;
            skills__subcmd__help,targets)
                cmd="skills__subcmd__help__subcmd__targets"
                ;;
            skills__subcmd__help,tokens)
                cmd="skills__subcmd__help__subcmd__tokens"
                ;;
            skills__subcmd__help,unpack)
                cmd="skills__subcmd__help__subcmd__unpack"
                ;;
            skills__subcmd__help,why)
                cmd="skills__subcmd__help__subcmd__why"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        skills)
            opts="-h -V --help --version lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__catalog)
            opts="-t -h --no-ignore --max-depth --max-dirs --target --roots --path-prefix --model --no-builtins --skills-path --context-window --stats --format --check --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-dirs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                --path-prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "auto claude-fable-5 claude-haiku-4-5 claude-opus-4-5 claude-opus-4-6 claude-opus-5-5 claude-sonnet-4-5 claude-sonnet-4-6 claude-sonnet-5 codex-auto-review gemini-2.5-pro gemini-3.1-pro-preview gpt-5.5 gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-luna gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-daybreak-blue-latest gpt-daybreak-red-latest" -- "${cur}"))
                    return 0
                    ;;
                --skills-path)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                --check)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__completions)
            opts="-h --help bash zsh fish powershell elvish"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__explain)
            opts="-h --all --help S001 frontmatter-missing S002 frontmatter-not-at-start S003 frontmatter-unclosed S004 invalid-yaml S005 frontmatter-not-mapping S006 name-missing S007 name-not-string S008 name-empty S009 name-too-long S010 name-not-lowercase S011 name-hyphen-edge S012 name-consecutive-hyphens S013 name-invalid-characters S014 name-directory-mismatch S015 description-missing S016 description-not-string S017 description-empty S018 description-too-long S019 compatibility-not-string S020 compatibility-empty S021 compatibility-too-long S022 metadata-not-string-map S023 allowed-tools-not-string S024 license-not-string S025 unknown-field S026 reserved-word-in-name S027 angle-brackets S028 duplicate-field S029 strict-yaml-construct S030 skill-file-unreadable S031 yaml-too-complex S101 description-not-third-person S102 description-missing-trigger S103 description-summarises-workflow S104 description-vague S105 body-too-long S106 body-too-many-tokens S107 long-reference-without-toc S108 body-when-to-use-section S109 time-sensitive-text S110 description-placeholder S201 link-target-missing S202 reference-too-deep S203 backslash-path S204 absolute-path S205 lowercase-skill-md S206 junk-file S207 docs-file-in-skill S301 byte-order-mark S302 crlf-line-endings S303 invalid-utf8 S304 nul-byte S305 unquoted-colon S306 block-scalar-description S307 multiline-plain-scalar S308 tab-in-frontmatter S309 skipped-by-target S401 duplicate-name S402 shadowed-skill S501 suppression-unknown-rule S502 unused-suppression"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help)
            opts="lint explain list catalog targets load simulate new package unpack completions man tokens why matrix help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__catalog)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__explain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__lint)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__load)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__man)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__matrix)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__new)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__package)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__simulate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__targets)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__tokens)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__unpack)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__help__subcmd__why)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__lint)
            opts="-t -q -o -h --no-ignore --max-depth --max-dirs --target --format --statistics --quiet --output-file --exit-zero --select --extend-select --ignore --exclude --baseline --write-baseline --watch --stdin-filename --allow-empty --fix --dry-run --deny-warnings --config --isolated --print-config --color --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-dirs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human concise json sarif github" -- "${cur}"))
                    return 0
                    ;;
                --output-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "ALL S001 frontmatter-missing S002 frontmatter-not-at-start S003 frontmatter-unclosed S004 invalid-yaml S005 frontmatter-not-mapping S006 name-missing S007 name-not-string S008 name-empty S009 name-too-long S010 name-not-lowercase S011 name-hyphen-edge S012 name-consecutive-hyphens S013 name-invalid-characters S014 name-directory-mismatch S015 description-missing S016 description-not-string S017 description-empty S018 description-too-long S019 compatibility-not-string S020 compatibility-empty S021 compatibility-too-long S022 metadata-not-string-map S023 allowed-tools-not-string S024 license-not-string S025 unknown-field S026 reserved-word-in-name S027 angle-brackets S028 duplicate-field S029 strict-yaml-construct S030 skill-file-unreadable S031 yaml-too-complex S101 description-not-third-person S102 description-missing-trigger S103 description-summarises-workflow S104 description-vague S105 body-too-long S106 body-too-many-tokens S107 long-reference-without-toc S108 body-when-to-use-section S109 time-sensitive-text S110 description-placeholder S201 link-target-missing S202 reference-too-deep S203 backslash-path S204 absolute-path S205 lowercase-skill-md S206 junk-file S207 docs-file-in-skill S301 byte-order-mark S302 crlf-line-endings S303 invalid-utf8 S304 nul-byte S305 unquoted-colon S306 block-scalar-description S307 multiline-plain-scalar S308 tab-in-frontmatter S309 skipped-by-target S401 duplicate-name S402 shadowed-skill S501 suppression-unknown-rule S502 unused-suppression" -- "${cur}"))
                    return 0
                    ;;
                --extend-select)
                    COMPREPLY=($(compgen -W "ALL S001 frontmatter-missing S002 frontmatter-not-at-start S003 frontmatter-unclosed S004 invalid-yaml S005 frontmatter-not-mapping S006 name-missing S007 name-not-string S008 name-empty S009 name-too-long S010 name-not-lowercase S011 name-hyphen-edge S012 name-consecutive-hyphens S013 name-invalid-characters S014 name-directory-mismatch S015 description-missing S016 description-not-string S017 description-empty S018 description-too-long S019 compatibility-not-string S020 compatibility-empty S021 compatibility-too-long S022 metadata-not-string-map S023 allowed-tools-not-string S024 license-not-string S025 unknown-field S026 reserved-word-in-name S027 angle-brackets S028 duplicate-field S029 strict-yaml-construct S030 skill-file-unreadable S031 yaml-too-complex S101 description-not-third-person S102 description-missing-trigger S103 description-summarises-workflow S104 description-vague S105 body-too-long S106 body-too-many-tokens S107 long-reference-without-toc S108 body-when-to-use-section S109 time-sensitive-text S110 description-placeholder S201 link-target-missing S202 reference-too-deep S203 backslash-path S204 absolute-path S205 lowercase-skill-md S206 junk-file S207 docs-file-in-skill S301 byte-order-mark S302 crlf-line-endings S303 invalid-utf8 S304 nul-byte S305 unquoted-colon S306 block-scalar-description S307 multiline-plain-scalar S308 tab-in-frontmatter S309 skipped-by-target S401 duplicate-name S402 shadowed-skill S501 suppression-unknown-rule S502 unused-suppression" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "ALL S001 frontmatter-missing S002 frontmatter-not-at-start S003 frontmatter-unclosed S004 invalid-yaml S005 frontmatter-not-mapping S006 name-missing S007 name-not-string S008 name-empty S009 name-too-long S010 name-not-lowercase S011 name-hyphen-edge S012 name-consecutive-hyphens S013 name-invalid-characters S014 name-directory-mismatch S015 description-missing S016 description-not-string S017 description-empty S018 description-too-long S019 compatibility-not-string S020 compatibility-empty S021 compatibility-too-long S022 metadata-not-string-map S023 allowed-tools-not-string S024 license-not-string S025 unknown-field S026 reserved-word-in-name S027 angle-brackets S028 duplicate-field S029 strict-yaml-construct S030 skill-file-unreadable S031 yaml-too-complex S101 description-not-third-person S102 description-missing-trigger S103 description-summarises-workflow S104 description-vague S105 body-too-long S106 body-too-many-tokens S107 long-reference-without-toc S108 body-when-to-use-section S109 time-sensitive-text S110 description-placeholder S201 link-target-missing S202 reference-too-deep S203 backslash-path S204 absolute-path S205 lowercase-skill-md S206 junk-file S207 docs-file-in-skill S301 byte-order-mark S302 crlf-line-endings S303 invalid-utf8 S304 nul-byte S305 unquoted-colon S306 block-scalar-description S307 multiline-plain-scalar S308 tab-in-frontmatter S309 skipped-by-target S401 duplicate-name S402 shadowed-skill S501 suppression-unknown-rule S502 unused-suppression" -- "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --baseline)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --write-baseline)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__list)
            opts="-h --no-ignore --max-depth --max-dirs --format --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-dirs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__load)
            opts="-t -h --no-ignore --max-depth --max-dirs --target --roots --path-prefix --model --no-builtins --skills-path --file --lines --mode --format --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-dirs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                --path-prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "auto claude-fable-5 claude-haiku-4-5 claude-opus-4-5 claude-opus-4-6 claude-opus-5-5 claude-sonnet-4-5 claude-sonnet-4-6 claude-sonnet-5 codex-auto-review gemini-2.5-pro gemini-3.1-pro-preview gpt-5.5 gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-luna gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-daybreak-blue-latest gpt-daybreak-red-latest" -- "${cur}"))
                    return 0
                    ;;
                --skills-path)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lines)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__man)
            opts="-h --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__matrix)
            opts="-t -h --roots --target --no-builtins --context-window --path-prefix --no-ignore --format --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --target)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --path-prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__new)
            opts="-t -h --dir --description --license --with --target --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --description)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --license)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --with)
                    COMPREPLY=($(compgen -W "scripts references assets" -- "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__package)
            opts="-h --out --list --force --max-size --no-ignore --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__simulate)
            opts="-t -h --no-ignore --max-depth --max-dirs --target --roots --path-prefix --model --no-builtins --skills-path --load --read --search --turns --mode --context-window --user --table --format --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-dirs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                --path-prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "auto claude-fable-5 claude-haiku-4-5 claude-opus-4-5 claude-opus-4-6 claude-opus-5-5 claude-sonnet-4-5 claude-sonnet-4-6 claude-sonnet-5 codex-auto-review gemini-2.5-pro gemini-3.1-pro-preview gpt-5.5 gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-luna gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-daybreak-blue-latest gpt-daybreak-red-latest" -- "${cur}"))
                    return 0
                    ;;
                --skills-path)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --load)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --turns)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --user)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__targets)
            opts="-h --format --help agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__tokens)
            opts="-t -q -h --no-ignore --max-depth --max-dirs --target --roots --path-prefix --model --no-builtins --skills-path --encoding --context-window --sort --max-catalog-tokens --max-body-tokens --max-skill-tokens --format --quiet --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-dirs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --target)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -W "agentskills claude-code claude-code@2.0 codex opencode kilo gemini-cli copilot copilot-cli cursor goose mastra openclaw pi letta qwen-code cline helix metis pixir trpc-agent-go worker" -- "${cur}"))
                    return 0
                    ;;
                --path-prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --model)
                    COMPREPLY=($(compgen -W "auto claude-fable-5 claude-haiku-4-5 claude-opus-4-5 claude-opus-4-6 claude-opus-5-5 claude-sonnet-4-5 claude-sonnet-4-6 claude-sonnet-5 codex-auto-review gemini-2.5-pro gemini-3.1-pro-preview gpt-5.5 gpt-5.6-luna gpt-5.6-sol gpt-5.6-terra gpt-6-astra gpt-6-luna gpt-6-sol gpt-6.1-sol gpt-6.1-terra gpt-daybreak-blue-latest gpt-daybreak-red-latest" -- "${cur}"))
                    return 0
                    ;;
                --skills-path)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "o200k_base cl100k_base" -- "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sort)
                    COMPREPLY=($(compgen -W "path name catalog body resources total" -- "${cur}"))
                    return 0
                    ;;
                --max-catalog-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-body-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-skill-tokens)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__unpack)
            opts="-h --into --force --max-size --max-entries --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --into)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-entries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        skills__subcmd__why)
            opts="-t -h --roots --target --all-targets --no-builtins --context-window --path-prefix --no-ignore --format --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --target)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context-window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --path-prefix)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "text json" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _skills -o nosort -o bashdefault -o default skills
else
    complete -F _skills -o bashdefault -o default skills
fi
