//! The installed rubygems, booted on demand. CRuby requires `rubygems`
//! before the program starts (`gem_prelude.rb`); carmine defers that until
//! the program needs it, which it sees as CRuby would:
//!
//! - `Gem` is registered for autoload from `rubygems`, so the first
//!   reference loads it (and `defined?(Gem)` is `"constant"` before);
//! - a `require` that finds nothing in `$LOAD_PATH` boots rubygems and
//!   retries through rubygems' own `Kernel#require`, which activates the
//!   gem that has the file (a bundled gem such as minitest, test-unit,
//!   rake) as it does on CRuby;
//! - `Kernel#gem` is a stub that boots rubygems and calls the real one.
//!
//! `--disable-gems` (`--disable=gems`) turns all three off, as in CRuby.

use crate::class::cls;
use crate::object::Unwind;

use super::features::Found;
use super::{VResult, Vm};

/// Where rubygems stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Rubygems {
    /// `--disable-gems`, or no installed rubygems: nothing is booted.
    #[default]
    Off,
    /// Installed and not loaded yet.
    Pending,
    /// Loaded (or being loaded): `require` misses raise LoadError.
    Booted,
}

impl Vm {
    /// At start-up: registers the autoload and the `gem` stub when the
    /// standard library has `rubygems.rb` and gems are enabled.
    pub fn rubygems_setup(&mut self, enabled: bool) {
        if !enabled || !matches!(self.find_feature("rubygems", None), Some(Found::File(_))) {
            return;
        }
        self.rubygems = Rubygems::Pending;
        self.autoload_register(cls::OBJECT, crate::intern!("Gem"), "rubygems".into());
        self.def_builtin(cls::KERNEL, "gem", -2, |vm, s, a, _| {
            if vm.boot_rubygems()? {
                // rubygems' Kernel#gem has replaced this one.
                return vm.funcall(s, crate::intern!("gem"), a, None);
            }
            Err(vm.no_method_error(crate::intern!("gem"), s, crate::dispatch::flags::FCALL))
        });
    }

    /// Loads rubygems if it is pending; true if this call loaded it.
    #[cold]
    pub fn boot_rubygems(&mut self) -> Result<bool, Unwind> {
        if self.rubygems != Rubygems::Pending {
            return Ok(false);
        }
        self.rubygems = Rubygems::Booted;
        self.require("rubygems", None)?;
        Ok(true)
    }

    /// `require` found nothing for `feature`: with rubygems pending, boots
    /// it and asks its `require` (Some(result)); None when rubygems cannot
    /// help (the caller raises LoadError).
    #[cold]
    pub fn require_via_rubygems(&mut self, feature: &str) -> Option<VResult> {
        match self.boot_rubygems() {
            Ok(true) => {}
            Ok(false) => return None,
            Err(e) => return Some(Err(e)),
        }
        let f = self.str_new(feature);
        let main = self.main_obj;
        Some(self.funcall(main, crate::intern!("require"), &[f], None))
    }
}
