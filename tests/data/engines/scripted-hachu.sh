#!/bin/sh
# A fake XBoard engine that talks as HaChu does: it names Chu Shogi `chu`, asks for `memory` and refuses every move
# until it has been told it, refuses ranks written as XBoard's single characters (`j<`), and sends a move in legs
# one line a leg (`move f3f4,` then `move f4f3`: the Lion's pass). Both sides of a match run this script and play
# one fixed game; whoever is to move after its last ply resigns. Start the match with `--opening-plies 0`.
set -- f4f5 g9g8 f3f4, h9h8 a4a5 j12i11
game="$*"
ply=0
memory=0
while read -r cmd arg rest; do
    case "$cmd" in
        protover) echo 'feature myname="scripted HaChu" variants="chu,dai" usermove=1 memory=1 ping=1 setboard=1 done=1' ;;
        ping) echo "pong $arg" ;;
        new) ply=0 ;;
        memory) memory=1 ;;
        usermove)
            case "$arg" in
                *[:\;\<=\>]*) echo "Illegal move: $arg"; continue ;;
            esac
            if [ "$memory" = 0 ]; then echo "Illegal move: $arg"; continue; fi
            ply=$((ply + 1))
            ;;
        go)
            set -- $game
            if [ "$ply" -lt "$#" ]; then
                shift "$ply"
                echo "move $1"
                if [ "$1" = "f3f4," ]; then echo "move f4f3"; fi
                ply=$((ply + 1))
            else
                echo "resign"
            fi
            ;;
        quit) exit 0 ;;
    esac
done
