//! The `carmine` command.

/// mimalloc (through `gc::Malloc`'s plain entry points): the VM allocates
/// and frees many small buffers (ivars, Array and String bodies, blocks),
/// freed in bulk by each sweep.
#[global_allocator]
static GLOBAL: carmine::gc::Malloc = carmine::gc::Malloc;

fn main() {
    std::process::exit(carmine::cli::main());
}
