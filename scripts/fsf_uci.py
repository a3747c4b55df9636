"""A Fairy-Stockfish UCI process for the local cross-check scripts (not used by the tests)."""
import subprocess


class Fsf:
    """One Fairy-Stockfish process playing `variant` (from `variant_path`, an .ini file, if given)."""

    def __init__(self, variant, binary="fairy-stockfish", variant_path=None):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        setup = "uci\n"
        if variant_path:
            setup += f"setoption name VariantPath value {variant_path}\n"
        self.send(setup + f"setoption name UCI_Variant value {variant}\nisready")
        self.read_until("readyok")

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def read_until(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            lines.append(line.strip())
            if line.startswith(token):
                return lines

    def moves(self, fen):
        """The legal moves of the position, sorted (from `go perft 1`)."""
        self.send(f"position fen {fen}\ngo perft 1")
        lines = self.read_until("Nodes searched")
        return sorted(l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes"))

    def close(self):
        self.send("quit")
        self.p.wait()
