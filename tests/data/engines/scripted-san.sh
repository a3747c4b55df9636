#!/bin/sh
# A fake XBoard engine that plays one fixed chess game in SAN, as Sjaak II writes its moves: castling `O-O`, captures
# with `x`, disambiguation (`Nbd2`), check marks (`Bxf7+`). Both sides of a match run this script; whoever is to move
# after the script's last ply resigns. Start the match with `--opening-plies 0`.
set -- e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 d3 O-O Nbd2 d6 c3 a6 Bxf7+ Rxf7
game="$*"
ply=0
while read -r cmd arg rest; do
    case "$cmd" in
        protover) echo 'feature myname="scripted SAN" usermove=1 ping=1 setboard=0 san=1 done=1' ;;
        ping) echo "pong $arg" ;;
        new) ply=0 ;;
        usermove) ply=$((ply + 1)) ;;
        go)
            set -- $game
            if [ "$ply" -lt "$#" ]; then
                shift "$ply"
                echo "move $1"
                ply=$((ply + 1))
            else
                echo "resign"
            fi
            ;;
        quit) exit 0 ;;
    esac
done
