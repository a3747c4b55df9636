fn main() {
    println!("tatsu: under construction");
}
