//! cargo-fuzz target: prism parse + carmine's compiler, nothing runs.
#![no_main]

use carmine::bytecode::IseqKind;
use carmine::dispatch::Config;
use carmine::interp::Vm;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let src = data.to_vec();
    // The compiler recurses over the AST: give it carmine's 1 GiB stack.
    let h = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let mut vm = Vm::new(Config::default());
            let _ = vm.compile(&src, "fuzz.rb", IseqKind::Top);
        })
        .expect("spawn");
    if let Err(p) = h.join() {
        std::panic::resume_unwind(p);
    }
});
