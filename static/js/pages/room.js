// A player's phone: /room/{code}. Without a stored seat for this room, go and join first.
import { runRoom } from "../shell.js";

runRoom("phone");
