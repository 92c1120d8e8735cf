//! The editor as an app without a window or GPU (`MinimalPlugins` plus the
//! editor's logic plugins, driven by intents as the panels send them), in
//! one test binary: each binary links Bevy and compiles the editor's
//! generic systems again, so three files would be three times the build.

mod common;
mod headless;
mod playtest;
mod room;
mod tune;
