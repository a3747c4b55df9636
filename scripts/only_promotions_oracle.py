#!/usr/bin/env python3
"""Sittuyin's stalemate (`only-promotions draws`) against pyffish (a local check, not for CI).

    scripts/only_promotions_oracle.py [POSITIONS] [SEED]

Random sittuyin endings likely to hold the rule (the side to move has its king near a corner and one pawn blocked
by an enemy pawn; the enemy king and one or two pieces nearby; half of them mirrored so that Black is that side):
for each position tatsu reads, pyffish's is_optional_game_end draw (with legal moves left) must be exactly where
`tatsu show` reports a draw by stalemate. Needs target/release/tatsu (override with TATSU=path).
"""
import os
import random
import re
import subprocess
import sys

import pyffish as sf

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
V = "sittuyin"
F = os.path.join(ROOT, "tests", "data", "variants", "sittuyin.tatsu")
T = os.environ.get("TATSU", os.path.join(ROOT, "target", "release", "tatsu"))
WANTED = int(sys.argv[1]) if len(sys.argv) > 1 else 2500
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 11)


def fen_of(d, side):
    rows=[]
    for r in range(7,-1,-1):
        t,e='',0
        for f in range(8):
            c=d.get((f,r))
            if c is None: e+=1; continue
            t+=(str(e) if e else '')+c; e=0
        rows.append(t+(str(e) if e else ''))
    return '/'.join(rows)+f'[] {side} - - 0 1'
n=claims=agree=skipped=0; mism=[]
while n < WANTED:
    d={}
    kf,kr=rng.choice([(0,0),(7,0),(0,1),(1,0),(7,1)])
    d[(kf,kr)]='K'
    pf,pr=rng.randrange(8),rng.randrange(1,6)
    if (pf,pr) in d or (pf,pr+1) in d: continue
    d[(pf,pr)]='P'; d[(pf,pr+1)]='p'
    bk=(min(7,max(0,kf+rng.choice([-2,-1,0,1,2]))), min(7,max(0,kr+2+rng.choice([-1,0,1]))))
    if bk in d: continue
    d[bk]='k'
    ok=True
    for _ in range(rng.randint(1,2)):
        sq=(rng.randrange(8),rng.randrange(0,5))
        if sq in d: ok=False; break
        d[sq]=rng.choice('nrsf')
    if not ok: continue
    side='w'
    if rng.random()<0.5:  # the mirrored position, Black the two-piece side
        d={(f,7-r):c.swapcase() for (f,r),c in d.items()}; side='b'
    fen=fen_of(d,side)
    out=subprocess.run([T,'show',F,'--fen',fen],capture_output=True,text=True)
    if out.returncode!=0: skipped+=1; continue
    legal=sf.legal_moves(V,fen,[])
    n+=1
    claim,val=sf.is_optional_game_end(V,fen,[])
    m=re.search(r'Game over: (\S+) \((.*)\)',out.stdout)
    tat = m.group(2) if m else None
    fsf_draw = bool(claim and val==0 and legal)
    tat_draw = tat is not None and 'draw by stalemate' in tat and bool(legal)
    if fsf_draw: claims+=1
    if fsf_draw==tat_draw: agree+=1
    else: mism.append((fen,claim,val,tat,len(legal)))
print(f"positions {n}, pyffish only-promotions draws {claims}, agree {agree}, mismatches {len(mism)}, skipped {skipped}")
for x in mism[:10]:
    print(x)
sys.exit(1 if mism else 0)
