use clap::Parser;

fn main() {
    let cli = interp::cli::Cli::parse();
    std::process::exit(interp::cli::run(cli));
}
