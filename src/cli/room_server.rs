//! `ladderkit room-server`: the signalling server rooms meet through.

use std::net::{IpAddr, SocketAddr};

use super::{Outcome, fail, say};

/// Run the signalling server that play-test rooms meet through.
///
/// The editor's Play › Play together asks for this server's address; its
/// room links carry it. Pages only meet through it: the game's messages
/// then go page to page over WebRTC. One server serves any number of
/// rooms. Runs until Ctrl-C.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on.
    #[arg(long, default_value_t = 3536)]
    port: u16,
    /// The address to listen on: 0.0.0.0 to let other machines in.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
}

pub fn run(args: &Args) -> Outcome {
    let (at, server) = match ladderkit::room::signalling_server(SocketAddr::new(args.bind, args.port)) {
        Ok(bound) => bound,
        Err(e) => return fail(e),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build() {
        Ok(r) => r,
        Err(e) => return fail(format!("cannot start the server's runtime: {e}")),
    };
    say!("rooms meet at ws://{at}/ (Ctrl-C stops)");
    let served = runtime.block_on(async {
        tokio::select! {
            served = server.serve() => served.map_err(|e| e.to_string()),
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    });
    match served {
        Ok(()) => Outcome::Ok,
        Err(e) => fail(format!("the signalling server stopped: {e}")),
    }
}
