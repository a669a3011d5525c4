//! The `carmine` command.

fn main() {
    std::process::exit(carmine::cli::main());
}
