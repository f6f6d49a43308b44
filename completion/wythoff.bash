# bash completion for wythoff(1)                                -*- shell-script -*-
#
# Installed as $(PREFIX)/share/bash-completion/completions/wythoff (loaded on
# demand by bash-completion), or sourced directly: . completion/wythoff.bash
# It completes the commands; each command's options (exactly the options it
# accepts: the tool's option table, app/opts.c, which tests/cli/completion.sh
# compares with `wythoff COMMAND --help`); the values of --format (per
# command), --style, --engine, and play's --first, --level and --players; rulesets (wythoff, nim, and after '+' the
# options not yet given); file names after --output, --certificate, --plot, --walnut and for compare's FILE;
# the sequences of `bfile`; the subcommands of `automaton` (learn's ruleset,
# the others' file); and claim ids for `check`, read from `wythoff check --list` of the tool
# being completed (only the paper prefixes when it cannot be run).
# Self-contained: it needs neither bash-completion's helpers nor external
# programs other than the tool itself.

_wythoff_commands='table value ppos moves period bfile heap3 automaton glayers compare check plot graph play serve'

# The options of each command (without the common ones below).
declare -A _wythoff_opts=(
  [table]='--size --rows --cols --pass --heap --format --output --fragment'
  [value]='--pass --heap --format --output'
  [ppos]='--size --pass --heap --format --output --value --count --from --terms --engine'
  [moves]='--pass --heap --format --output'
  [period]='--rows --pass --format --output --max-cols --certificate'
  [bfile]='--pass --heap --output --value --terms --offset --max-cols --row'
  [compare]='--size --pass --heap --format --output --value --engine --outcome --value-b --symmetric --summary'
  [heap3]='--size --format --output --list --slice --engine --plot'
  [glayers]='--size --value --store --read --index --terms --format --output'
  [automaton]='--value --rows --pass --heap --walnut --word --name --format --output'
  [check]='--format --output --list --limit --walnut'
  [plot]='--size --rows --cols --pass --heap --format --output --value --style --cell --title'
  [graph]='--size --rows --cols --pass --heap --format --output --max-edges'
  [play]='--pass --heap --first --seed --level --players --names --no-hints --no-picture --expert'
  [serve]='--port --bind --timeout'
)
_wythoff_common_opts='--mem-limit --threads --quiet --help --version'

# The options that take a value (the next word, or --name=VALUE).
_wythoff_arg_opts=' --size --rows --cols --pass --heap --format --output --value --from --terms --max-cols '
_wythoff_arg_opts+='--engine --value-b --limit --style --cell --title --max-edges --mem-limit --threads '
_wythoff_arg_opts+='--first --seed --port --bind --timeout --certificate --slice --plot --offset '
_wythoff_arg_opts+='--store --read --index --walnut --name --level --players --names '

# The formats of each command, the default first.
declare -A _wythoff_formats=(
  [table]='text csv json markdown latex bin'
  [value]='text json'
  [ppos]='text csv json'
  [moves]='text json'
  [period]='text csv json'
  [compare]='text csv json'
  [heap3]='text csv json png'
  [glayers]='text csv json'
  [automaton]='text'
  [check]='text markdown json'
  [plot]='png svg'
  [graph]='dot svg png pdf'
)

_wythoff_rule_opts='pass pass= heap= max= mod= terminal= misere'

# Claim ids: cached per tool path.
_wythoff_claims_tool=
_wythoff_claims_list=

# _wythoff_claims TOOL: the claim ids of `TOOL check --list` (one per line),
# and the paper prefixes.
_wythoff_claims() {
  local tool=$1 line ids=
  case $tool in '~/'*) tool=$HOME/${tool#'~/'} ;; esac
  if [ "$tool" != "$_wythoff_claims_tool" ] || [ -z "$_wythoff_claims_list" ]; then
    if [[ $tool == */* ]] && [ -x "$tool" ] || type -P -- "$tool" >/dev/null 2>&1; then
      while IFS= read -r line; do
        case $line in '' | ' '*) ;; *) ids+="${line%% *} " ;; esac
      done < <("$tool" check --list 2>/dev/null </dev/null)
    fi
    _wythoff_claims_tool=$tool
    _wythoff_claims_list=$ids
  fi
  printf '%s\n' 000 001 002 003 004 exact $_wythoff_claims_list
}

# _wythoff_rules CUR: the rulesets that complete CUR.
_wythoff_rules() {
  local cur=$1
  if [[ $cur != *+* ]]; then
    compgen -W 'wythoff nim' -- "$cur"
    return
  fi
  local head=${cur%+*} last=${cur##*+} game=${cur%%+*} o used cands=()
  [ "$game" = wythoff ] || [ "$game" = nim ] || return
  for o in $_wythoff_rule_opts; do
    [ "$game" = nim ] && [ "$o" = mod= ] && continue
    used=0
    # an option already given (pass and pass=K are one option)
    case "+${head#*+}+" in
      *"+${o%=}+"* | *"+${o%=}="*) [ "$head" != "$game" ] && used=1 ;;
    esac
    [ $used = 0 ] && cands+=("$head+$o")
  done
  compgen -W "${cands[*]}" -- "$cur"
}

_wythoff() {
  local wb=${COMP_WORDBREAKS-$' \t\n"\'><=;|&(:'}
  # Rebuild the words bash split at '=' and ':' (--format=csv, max=5, a:b).
  local -a words=()
  local i w glue=0 cword=0
  for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
    w=${COMP_WORDS[i]}
    if ((i > 0 && ${#words[@]} > 0)) && [[ $w =~ ^[=:]+$ ]]; then
      words[${#words[@]} - 1]+=$w
      glue=1
    elif ((glue)); then
      words[${#words[@]} - 1]+=$w
      glue=0
    else
      words+=("$w")
    fi
    ((i == COMP_CWORD)) && cword=$((${#words[@]} - 1))
    ((i > COMP_CWORD)) && break
  done
  ((COMP_CWORD >= ${#COMP_WORDS[@]})) && { words+=(""); cword=$((${#words[@]} - 1)); }
  local cur=${words[cword]}
  # the part of cur that bash replaces: after its last word-break character
  local keep=
  if [[ $wb == *=* && $cur == *=* ]] || [[ $wb == *:* && $cur == *:* ]]; then
    keep=${cur%"${cur##*[=:]}"}
  fi
  COMPREPLY=()

  # the command
  if ((cword == 1)); then
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W '--help -h --version' -- "$cur"))
    else
      COMPREPLY=($(compgen -W "$_wythoff_commands help" -- "$cur"))
    fi
    return 0
  fi
  local cmd=${words[1]}
  if [ "$cmd" = help ]; then
    ((cword == 2)) && COMPREPLY=($(compgen -W "$_wythoff_commands" -- "$cur"))
    return 0
  fi
  [[ " $_wythoff_commands " == *" $cmd "* ]] || return 0

  # what comes before: options given, positional arguments, '--'
  local npos=0 ddash=0 prev= given=' ' first=
  for ((i = 2; i < cword; i++)); do
    w=${words[i]}
    if ((ddash)); then
      [ "$npos" = 0 ] && first=$w
      npos=$((npos + 1))
    elif [ "$w" = -- ]; then
      ddash=1
    elif [[ $w == --*=* ]]; then
      given+="${w%%=*} "
    elif [[ $w == --* ]]; then
      given+="$w "
      if [[ $_wythoff_arg_opts == *" $w "* ]]; then
        if ((i + 1 == cword)); then
          prev=$w
        else
          i=$((i + 1))
        fi
      fi
    elif [ "$w" = -h ]; then
      given+='--help '
    else
      [ "$npos" = 0 ] && first=$w
      npos=$((npos + 1))
    fi
  done

  # the value of an option: "--opt VALUE" or "--opt=VALUE"
  local opt= val=$cur
  if ((!ddash)); then
    if [ -n "$prev" ]; then
      opt=$prev
    elif [[ $cur == --*=* ]]; then
      opt=${cur%%=*} val=${cur#*=}
    fi
  fi
  local -a cands=()
  local files=0
  if [ -n "$opt" ]; then
    case $opt in
      --format) cands=($(compgen -W "${_wythoff_formats[$cmd]}" -- "$val")) ;;
      --style) [ "$cmd" = plot ] && cands=($(compgen -W 'heatmap ppos table' -- "$val")) ;;
      --engine) if [ "$cmd" = heap3 ]; then cands=($(compgen -W 'sweep layer' -- "$val")); else cands=($(compgen -W 'auto table layer' -- "$val")); fi ;;
      --first) [ "$cmd" = play ] && cands=($(compgen -W 'me engine' -- "$val")) ;;
      --level) [ "$cmd" = play ] && cands=($(compgen -W 'perfect strong medium beginner' -- "$val")) ;;
      --players) [ "$cmd" = play ] && cands=($(compgen -W '1 2' -- "$val")) ;;
      --output | --certificate | --plot | --walnut) files=1 ;;
      --store | --read)
        compopt -o filenames 2>/dev/null
        cands=($(compgen -d -- "$val")) ;;
      *) ;; # numbers, titles: nothing to offer
    esac
    if ((files)); then
      compopt -o filenames 2>/dev/null
      cands=($(compgen -f -- "$val"))
    fi
    [[ $cur == --*=* ]] && cands=("${cands[@]/#/${cur%%=*}=}")
  elif ((!ddash)) && [[ $cur == -* ]]; then
    local o
    for o in ${_wythoff_opts[$cmd]} $_wythoff_common_opts; do
      [[ $given == *" $o "* ]] || cands+=("$o")
    done
    cands=($(compgen -W "${cands[*]}" -- "$cur"))
  else
    # a positional argument: npos before it
    case $cmd in
      check) cands=($(compgen -W "$(_wythoff_claims "${words[0]}")" -- "$cur")) ;;
      compare)
        if ((npos == 0)); then
          cands=($(_wythoff_rules "$cur"))
        elif ((npos == 1)); then
          cands=($(_wythoff_rules "$cur"))
          if [[ $cur != *+* ]]; then
            compopt -o filenames 2>/dev/null
            cands+=($(compgen -f -- "$cur"))
          fi
        fi
        ;;
      plot) ((npos < 3)) && cands=($(_wythoff_rules "$cur")) ;;
      bfile)
        if ((npos == 0)); then
          cands=($(compgen -W 'ppos-a ppos-b gpos-a gpos-b preperiod period saltus row row-inv antidiagonals triangle diagonal diagonal-inv' -- "$cur"))
        elif ((npos == 1)); then
          cands=($(_wythoff_rules "$cur"))
        fi
        ;;
      automaton)
        # the subcommand, then learn's ruleset or the automaton file
        if ((npos == 0)); then
          cands=($(compgen -W 'learn verify walnut prove run' -- "$cur"))
        elif ((npos == 1)) && [ "$first" = learn ]; then
          cands=($(_wythoff_rules "$cur"))
        elif ((npos == 1)); then
          compopt -o filenames 2>/dev/null
          cands=($(compgen -f -- "$cur"))
        fi
        ;;
      *) ((npos == 0)) && cands=($(_wythoff_rules "$cur")) ;;
    esac
    # a ruleset option with '=' takes a number next: no space after it
    if [ ${#cands[@]} -eq 1 ] && [[ ${cands[0]} == *= ]]; then
      compopt -o nospace 2>/dev/null
    fi
  fi
  [ -n "$keep" ] && cands=("${cands[@]#"$keep"}")
  COMPREPLY=("${cands[@]}")
  return 0
}

complete -F _wythoff wythoff
