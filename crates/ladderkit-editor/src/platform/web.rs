//! The web page: the browser's file picker and drops, downloads, local
//! storage, the clipboard, the page's own address and the console. Files
//! arrive from browser callbacks into `HANDED`, which a system drains each
//! frame (`files.rs`), so the rest of the editor sees them as it sees any
//! other intent.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Blob, BlobPropertyBag, DragEvent, Event, HtmlAnchorElement, HtmlInputElement, Url};

use super::{Chosen, Destination, Handed};

pub const WEB: bool = true;

/// Files the person picked or dropped, read, waiting for the next frame.
static HANDED: Mutex<Vec<Handed>> = Mutex::new(Vec::new());

/// Whether leaving the page would lose unsaved changes.
static UNSAVED: AtomicBool = AtomicBool::new(false);

pub fn take_handed() -> Vec<Handed> {
    HANDED.lock().map(|mut h| std::mem::take(&mut *h)).unwrap_or_default()
}

fn say(what: &str, e: JsValue) -> String {
    format!("{what}: {}", e.as_string().unwrap_or_else(|| format!("{e:?}")))
}

fn document() -> Result<web_sys::Document, String> {
    web_sys::window().and_then(|w| w.document()).ok_or_else(|| "no document (not in a browser page?)".into())
}

/// Reads a file the person handed over and queues it for the next frame;
/// `picture`: as the tracing picture.
fn read(file: web_sys::File, picture: bool) {
    let name = file.name();
    wasm_bindgen_futures::spawn_local(async move {
        match wasm_bindgen_futures::JsFuture::from(file.array_buffer()).await {
            Ok(buffer) => {
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                if let Ok(mut handed) = HANDED.lock() {
                    handed.push(Handed { name, bytes, picture });
                }
            }
            Err(e) => web_sys::console::error_1(&JsValue::from_str(&say(&format!("cannot read {name}"), e))),
        }
    });
}

/// Drops anywhere on the page open the file; leaving with unsaved changes
/// asks first. Called once, before the app starts.
pub fn install() -> Result<(), String> {
    let document = document()?;
    let over = Closure::<dyn FnMut(DragEvent)>::new(|e: DragEvent| e.prevent_default());
    let drop = Closure::<dyn FnMut(DragEvent)>::new(|e: DragEvent| {
        e.prevent_default();
        if let Some(file) = e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
            // A photo or scan dropped is a picture to trace; a variant or a
            // board picture (PNG) opens.
            let name = file.name().to_ascii_lowercase();
            read(file, name.ends_with(".jpg") || name.ends_with(".jpeg"));
        }
    });
    let leave = Closure::<dyn FnMut(Event)>::new(|e: Event| {
        if UNSAVED.load(Ordering::Relaxed) {
            // The browser asks "Leave site? Changes you made may not be saved."
            e.prevent_default();
        }
    });
    let listen = |target: &web_sys::EventTarget, kind: &str, f: &js_sys::Function| {
        target.add_event_listener_with_callback(kind, f).map_err(|e| say("cannot listen", e))
    };
    listen(&document, "dragover", over.as_ref().unchecked_ref())?;
    listen(&document, "drop", drop.as_ref().unchecked_ref())?;
    if let Some(window) = web_sys::window() {
        listen(&window, "beforeunload", leave.as_ref().unchecked_ref())?;
    }
    // They live as long as the page.
    over.forget();
    drop.forget();
    leave.forget();
    Ok(())
}

/// Opens the browser's file picker; the file comes through `take_handed`.
pub fn choose_file_to_open() -> Chosen {
    pick(".ron,.png", false)
}

/// The picker for the tracing picture.
pub fn choose_picture() -> Chosen {
    pick(".png,.jpg,.jpeg", true)
}

fn pick(accept: &'static str, picture: bool) -> Chosen {
    let open = || -> Result<(), String> {
        let document = document()?;
        let input: HtmlInputElement = document
            .create_element("input")
            .map_err(|e| say("no file picker", e))?
            .dyn_into()
            .map_err(|_| "no file picker".to_owned())?;
        input.set_type("file");
        input.set_accept(accept);
        input.set_id("ladderkit-open");
        let _ = input.style().set_property("display", "none");
        if let Some(body) = document.body() {
            let _ = body.append_child(&input);
        }
        let picked = input.clone();
        let changed = Closure::once(move |_: Event| {
            if let Some(file) = picked.files().and_then(|f| f.get(0)) {
                read(file, picture);
            }
            picked.remove();
        });
        input.set_onchange(Some(changed.as_ref().unchecked_ref()));
        changed.forget();
        input.click();
        Ok(())
    };
    match open() {
        Ok(()) => Chosen::Later,
        Err(why) => Chosen::Nothing(why),
    }
}

/// The page saves by downloading: nothing to ask.
pub fn choose_where_to_save(_filter: (&str, &[&str]), name: &str, _refused: &str) -> Destination {
    Destination::Download(name.into())
}

/// The page has no folders to write into.
pub fn choose_folder(_refused: &str) -> Destination {
    Destination::Nothing(
        "the web page cannot write a folder of files: use the desktop editor, or `ladderkit tabletop FILE -o DIR`"
            .into(),
    )
}

/// Hands bytes to the person as a download named `name`.
pub fn download(name: &str, bytes: &[u8]) -> Result<(), String> {
    let document = document()?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = BlobPropertyBag::new();
    options.set_type(super::media_type(name));
    let blob =
        Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(|e| say("cannot make the file", e))?;
    let url = Url::create_object_url_with_blob(&blob).map_err(|e| say("cannot make the file", e))?;
    let anchor: HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| say("cannot download", e))?
        .dyn_into()
        .map_err(|_| "cannot download".to_owned())?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // The download has its own copy once started; free ours a minute later.
    let revoke = Closure::once(move || {
        let _ = Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.as_ref().unchecked_ref(), 60_000);
    }
    revoke.forget();
    Ok(())
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Text kept in the browser's storage for this page.
pub fn stored(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

pub fn store(key: &str, text: &str) -> Result<(), String> {
    let storage = storage().ok_or("the browser keeps no storage for this page")?;
    storage.set_item(key, text).map_err(|e| say("the browser's storage refused it", e))
}

pub fn unstore(key: &str) {
    if let Some(storage) = storage() {
        let _ = storage.remove_item(key);
    }
}

pub fn set_unsaved(unsaved: bool) {
    UNSAVED.store(unsaved, Ordering::Relaxed);
}

/// The board link the page was opened with (its fragment), if any.
pub fn page_link() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    (hash.len() > 1).then_some(hash)
}

/// This page's address without its fragment: where links made here open.
pub fn page_base() -> String {
    let Some(location) = web_sys::window().map(|w| w.location()) else {
        return ladderkit::core::link::DEFAULT_BASE.into();
    };
    let href = location.href().unwrap_or_default();
    href.split('#').next().unwrap_or_default().to_owned()
}

/// Whether the page's address asks for `flag` (`?report`, `?bench`).
pub fn query_has(flag: &str) -> bool {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .any(|p| p == flag || p.strip_prefix(flag).is_some_and(|v| v.starts_with('=')))
}

/// The value of `name` in the page's address (`?server=ws://…`).
pub fn query_value(name: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    search.trim_start_matches('?').split('&').find_map(|p| p.strip_prefix(name)?.strip_prefix('=')).map(str::to_owned)
}

pub fn copy_text(text: &str) -> Result<(), String> {
    let window = web_sys::window().ok_or("no browser window")?;
    let promise = window.navigator().clipboard().write_text(text);
    wasm_bindgen_futures::spawn_local(async move {
        if let Err(e) = wasm_bindgen_futures::JsFuture::from(promise).await {
            web_sys::console::warn_1(&JsValue::from_str(&say("the browser did not copy the link", e)));
        }
    });
    Ok(())
}

/// A report line, on the console, for the browser test.
pub fn report_line(line: &str) {
    web_sys::console::log_1(&JsValue::from_str(line));
}

/// No config folder in a browser: recent files are not kept, and untitled
/// work is kept in storage.
pub fn config_dir() -> Option<std::path::PathBuf> {
    None
}

/// Runs a room's message loop on the page's event loop.
pub fn run_room(looped: ladderkit::room::MessageLoopFuture) {
    wasm_bindgen_futures::spawn_local(async move {
        // It ends when the socket closes or the server is gone, and the
        // room sees it (`Connection::pump`).
        let _ = looped.await;
    });
}
