//! `cargo run -p betza --example show -- <XBETZA> [square]`: canonical form and diagram on 8×8.
fn main() {
    let mut args = std::env::args().skip(1);
    let s = args.next().unwrap_or_default();
    let sq = args
        .next()
        .and_then(|a| betza::diagram::parse_square(&a))
        .unwrap_or((3, 3));
    match betza::parse(&s) {
        Ok(b) => {
            println!("{b}");
            for line in betza::describe::describe(&b) {
                println!("  {line}");
            }
            let marks = betza::diagram::destinations(&b, 8, 8, sq, betza::Facing::First);
            print!("{}", betza::diagram::render(&marks, 8, 8, sq));
        }
        Err(es) => {
            for e in es {
                print!("{}", e.render(&s));
            }
        }
    }
}
