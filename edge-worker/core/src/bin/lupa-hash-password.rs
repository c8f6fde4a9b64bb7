//! Prints the PHC hash of the password read from stdin, with the same argon2id setting and policy
//! as the worker; used by `npm run create-user` so operator-made accounts can log in.

use std::io::Read;
use std::process::ExitCode;

use lupa_core::auth::password;

fn main() -> ExitCode {
    let mut input = String::new();
    if std::io::stdin().read_to_string(&mut input).is_err() {
        eprintln!("could not read the password from stdin");
        return ExitCode::FAILURE;
    }
    let pass = input.trim_end_matches(['\r', '\n']);
    if let Err(policy) = password::check_policy(pass) {
        eprintln!("{}", policy.message());
        return ExitCode::FAILURE;
    }
    let mut salt = [0u8; 16];
    let salted = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut salt));
    if salted.is_err() {
        eprintln!("could not read random bytes for the salt");
        return ExitCode::FAILURE;
    }
    match password::hash(pass, &salt) {
        Ok(phc) => {
            println!("{phc}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("hashing failed: {err}");
            ExitCode::FAILURE
        }
    }
}
