//! How WebKitGTK draws the window on Linux, decided before GTK starts.
//!
//! WebKitGTK composites pages with OpenGL. On a computer without a GPU that OpenGL is Mesa's
//! software renderer (llvmpipe), and compositing through it costs more than it saves: on the
//! benchmark machine (no GPU, two cores; BENCHMARKS.md) scrolling the timeline took 57 ms a frame
//! (p50) composited in software, and 16 ms with WebKit painting straight to the window. So when
//! there is no GPU render node (`/dev/dri/renderD*`: without one Mesa can only render in
//! software), the app turns WebKit's compositing off, as `WEBKIT_DISABLE_COMPOSITING_MODE=1`
//! does. With a GPU, WebKit's default stays. Whoever sets `WEBKIT_DISABLE_COMPOSITING_MODE`
//! (to `1` or `0`) decides instead (docs/it-admin.md).

use std::path::Path;

/// WebKitGTK's own switch: any value but `0` turns compositing off.
pub const WEBKIT_SWITCH: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";

/// What the app does about compositing, and why (the log says it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compositing {
    /// The environment already says; left as it is.
    AsSet,
    /// A GPU render node exists: WebKit's default (composited with the GPU).
    Gpu,
    /// No GPU render node: compositing would run in software; turned off.
    OffWithoutGpu,
}

impl Compositing {
    /// The decision from the switch's value in the environment and whether a render node exists.
    pub fn decide(switch: Option<&str>, render_node: bool) -> Self {
        match (switch, render_node) {
            (Some(_), _) => Self::AsSet,
            (None, true) => Self::Gpu,
            (None, false) => Self::OffWithoutGpu,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Self::AsSet => "WebKit compositing as WEBKIT_DISABLE_COMPOSITING_MODE says",
            Self::Gpu => "WebKit compositing on the GPU",
            Self::OffWithoutGpu => "WebKit compositing off: no GPU render node, so it would run in software",
        }
    }
}

/// Whether `dir` (normally `/dev/dri`) holds a DRM render node.
pub fn has_render_node(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .map(|entries| entries.flatten().any(|e| e.file_name().to_string_lossy().starts_with("renderD")))
        .unwrap_or(false)
}

/// Decides and applies it to this process's environment, which WebKit reads as it starts.
///
/// Call it first thing in `main`, before any thread is started: it sets an environment variable.
#[cfg(target_os = "linux")]
pub fn choose() -> Compositing {
    let switch = std::env::var(WEBKIT_SWITCH).ok();
    let chosen = Compositing::decide(switch.as_deref(), has_render_node(Path::new("/dev/dri")));
    if chosen == Compositing::OffWithoutGpu {
        // SAFETY: called from `main` before the app starts any thread (Tauri, GTK and the async
        // runtime start theirs later), so nothing reads the environment concurrently.
        unsafe { std::env::set_var(WEBKIT_SWITCH, "1") };
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_a_render_node_compositing_goes_off_unless_the_environment_says() {
        assert_eq!(Compositing::decide(None, false), Compositing::OffWithoutGpu);
        assert_eq!(Compositing::decide(None, true), Compositing::Gpu);
        // Set either way by someone (IT, a user, a test): theirs.
        assert_eq!(Compositing::decide(Some("0"), false), Compositing::AsSet);
        assert_eq!(Compositing::decide(Some("1"), true), Compositing::AsSet);
    }

    #[test]
    fn a_render_node_is_found_by_its_name() {
        let dir = std::env::temp_dir().join(format!("rp-dri-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(!has_render_node(&dir), "empty");
        std::fs::write(dir.join("card0"), b"").unwrap();
        assert!(!has_render_node(&dir), "a card alone is not a render node");
        std::fs::write(dir.join("renderD128"), b"").unwrap();
        assert!(has_render_node(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(!has_render_node(&dir), "no folder at all");
    }
}
