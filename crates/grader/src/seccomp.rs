//! The seccomp filter every sandboxed run gets: the kernel's keyring calls (`add_key`,
//! `request_key`, `keyctl`) fail with `EPERM`.
//!
//! Why: a user's kernel keyring belongs to the user id, not to a process or a mount
//! namespace, and it outlives them. Graded programs run as the same few user ids grading
//! after grading, so without this filter a program could store its outputs in its
//! keyring and the next student's program, running as the same id, could read them.
//! Nothing a course's program does needs a keyring (Docker's default profile blocks the
//! same three calls). Bubblewrap loads the filter (`bwrap --seccomp FD`) before the
//! program starts; it holds for every process the program starts.
//!
//! The filter is a classic BPF program in the layout the kernel reads (`struct
//! sock_filter`: a 16-bit code, two 8-bit jumps, a 32-bit operand, native byte order),
//! written here because it is ten instructions: check the architecture, refuse the x32
//! system call numbers, refuse the three calls, allow the rest.

/// `struct seccomp_data`: where the system call number and the architecture are.
const NR: u32 = 0;
const ARCH: u32 = 4;

const LD_W_ABS: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE_K: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const RET_K: u16 = 0x06; // BPF_RET | BPF_K

const ALLOW: u32 = 0x7fff_0000; // SECCOMP_RET_ALLOW
const EPERM: u32 = 0x0005_0000 | 1; // SECCOMP_RET_ERRNO | EPERM
/// On x86-64 the x32 ABI's calls carry this bit; none of them is allowed here.
const X32_BIT: u32 = 0x4000_0000;

/// The architecture's audit number and its `add_key`, `request_key` and `keyctl`
/// numbers (they are consecutive on both), or `None` where no filter is known.
fn keyring_calls() -> Option<(u32, u32)> {
    match std::env::consts::ARCH {
        "x86_64" => Some((0xc000_003e, 248)),  // AUDIT_ARCH_X86_64
        "aarch64" => Some((0xc000_00b7, 217)), // AUDIT_ARCH_AARCH64
        _ => None,
    }
}

/// The filter's bytes for this machine, or `None` where its architecture has none (the
/// report then says that keyrings are not isolated).
pub fn keyring_filter() -> Option<Vec<u8>> {
    let (arch, first) = keyring_calls()?;
    let x86 = std::env::consts::ARCH == "x86_64";
    // (code, jump if true, jump if false, operand); jumps count the instructions skipped.
    let mut program: Vec<(u16, u8, u8, u32)> = vec![
        (LD_W_ABS, 0, 0, ARCH),
        // Another architecture (a 32-bit call on a 64-bit kernel): refused outright.
        (JEQ_K, 1, 0, arch),
        (RET_K, 0, 0, EPERM),
        (LD_W_ABS, 0, 0, NR),
    ];
    if x86 {
        program.push((JGE_K, 4, 0, X32_BIT));
    }
    program.extend([
        (JEQ_K, 3, 0, first),
        (JEQ_K, 2, 0, first + 1),
        (JEQ_K, 1, 0, first + 2),
        (RET_K, 0, 0, ALLOW),
        (RET_K, 0, 0, EPERM),
    ]);
    let mut bytes = Vec::with_capacity(program.len() * 8);
    for (code, jt, jf, k) in program {
        bytes.extend_from_slice(&code.to_ne_bytes());
        bytes.push(jt);
        bytes.push(jf);
        bytes.extend_from_slice(&k.to_ne_bytes());
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every jump lands inside the program and the program ends in a return: a filter
    /// the kernel would refuse would make every sandboxed run fail to start.
    #[test]
    fn the_jumps_stay_inside_the_program() {
        let Some(bytes) = keyring_filter() else {
            return;
        };
        let count = bytes.len() / 8;
        for (i, insn) in bytes.chunks(8).enumerate() {
            let code = u16::from_ne_bytes([insn[0], insn[1]]);
            if code & 0x07 == 0x05 {
                assert!(i + 1 + usize::from(insn[2]) < count, "instruction {i}");
                assert!(i + 1 + usize::from(insn[3]) < count, "instruction {i}");
            }
        }
        let last = u16::from_ne_bytes([bytes[bytes.len() - 8], bytes[bytes.len() - 7]]);
        assert_eq!(last, RET_K);
    }
}
