#!/bin/sh
# A fake XBoard engine for the referee's tests: it plays pawn moves and refuses every move it is told, as an engine
# that does not know the game's rules would.
pawns="a7a6 b7b6 c7c6 d7d6 e7e6 f7f6 g7g6 h7h6"
while read -r cmd arg rest; do
    case "$cmd" in
        protover) echo 'feature myname="refuser" usermove=1 ping=1 setboard=0 done=1' ;;
        ping) echo "pong $arg" ;;
        usermove) echo "Illegal move: $arg" ;;
        go) set -- $pawns; echo "move $1"; shift; pawns="$*" ;;
        quit) exit 0 ;;
    esac
done
