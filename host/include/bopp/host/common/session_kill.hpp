// bopp/host/common/session_kill.hpp: ending every process of a session, whatever process
// groups they made in it.
#pragma once

#include <sys/types.h>

namespace bopp::host {

// Sends SIGKILL to every process whose session id is `session` (found through /proc), again
// until none is left, so one that forks meanwhile is caught too. Call it while the session's
// leader is not yet reaped: until then no other process can be given its id.
void kill_session(pid_t session);

}  // namespace bopp::host
