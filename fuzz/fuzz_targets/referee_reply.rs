#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    tatsu_fuzz::checks::referee_reply(data);
});
