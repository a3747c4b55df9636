#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = tatsu_fuzz::checks::xboard_session(data);
});
