//! Where the running program is, for dispatch's invalidation reports
//! (`dispatch::Origin`): the innermost Ruby frames without start-up
//! (`<internal:*>`) code, and the innermost application frame.

use super::Vm;
use crate::dispatch::Origin;

impl Vm {
    /// The origin of an invalidation happening now; empty unless
    /// something records it (`Dispatch::wants_origin`), so unreported
    /// changes cost nothing.
    #[inline]
    pub fn invalidation_origin(&self) -> Origin {
        if !self.dispatch.wants_origin() {
            return Origin::default();
        }
        self.build_origin()
    }

    #[cold]
    #[inline(never)]
    fn build_origin(&self) -> Origin {
        let keep = self.dispatch.config.trace_frames.max(1);
        let mut o = Origin::default();
        for f in self.frames.iter().rev() {
            let file = &*f.iseq.file;
            if file.starts_with("<internal:") {
                continue;
            }
            let frame = format!("{file}:{}:in `{}'", f.line(), f.iseq.label);
            if o.frames.is_empty() {
                o.at = format!("{file}:{}", f.line());
            }
            let app = o.app.is_none() && !self.is_library_file(file);
            if app {
                o.app = Some(frame.clone());
            }
            if o.frames.len() < keep {
                o.frames.push(frame);
            } else if o.app.is_some() {
                break;
            }
        }
        if o.app.is_none() {
            o.app = o.frames.first().cloned();
        }
        o
    }

    /// A file of a library rather than the program: under the installed
    /// standard library's directories, or in a gem.
    fn is_library_file(&self, file: &str) -> bool {
        file.contains("/gems/")
            || self
                .stdlib_dirs
                .iter()
                .any(|d| file.starts_with(d.as_str()) && file[d.len()..].starts_with('/'))
    }
}
