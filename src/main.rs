use clap::Parser;

/// Restores the default action of SIGPIPE (the Rust runtime ignores it): a command whose
/// reader has gone (`interp moves … | head -1`) ends quietly, as other Unix tools do,
/// instead of panicking in `println!` on the broken pipe.
#[cfg(unix)]
fn default_sigpipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: called first thing in main, before any thread exists; SIG_DFL is a valid action.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

fn main() {
    #[cfg(unix)]
    default_sigpipe();
    let cli = interp::cli::Cli::parse();
    std::process::exit(interp::cli::run(cli));
}
