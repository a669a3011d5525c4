//! The `carmine` command.

/// mimalloc: the VM allocates and frees many small buffers (ivars, Array
/// and String bodies, blocks), freed in bulk by each sweep.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(carmine::cli::main());
}
