//! cargo-fuzz target: compile and run the input in a fresh VM (prelude
//! loaded) under an instruction budget, then its at_exit handlers.
#![no_main]

use carmine::bytecode::IseqKind;
use carmine::dispatch::Config;
use carmine::interp::Vm;
use libfuzzer_sys::fuzz_target;

const MAX_INSNS: u64 = 200_000;

fuzz_target!(|data: &[u8]| {
    let src = data.to_vec();
    let h = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let mut vm = Vm::new(Config::default());
            vm.options.max_instructions = Some(MAX_INSNS);
            vm.options.warnings = 1;
            let probe = 0u8;
            vm.stack_limit_addr =
                (&probe as *const u8 as usize).saturating_sub((1 << 30) - (64 << 20));
            vm.script_name = "fuzz.rb".into();
            vm.load_prelude();
            let _ = vm.eval_file(&src, "fuzz.rb", IseqKind::Top);
            while let Some(p) = vm.at_exit.pop() {
                vm.frames.clear();
                if vm.call_proc_with(p, &[], None, None).is_err() {
                    break;
                }
            }
            vm.flush();
        })
        .expect("spawn");
    if let Err(p) = h.join() {
        std::panic::resume_unwind(p);
    }
});
