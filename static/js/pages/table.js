// The table screen: /table/{code}. With the host token this screen created the room with, it
// also gets the host controls; without one it simply watches.
import { runRoom } from "../shell.js";
import { streamerMode } from "../streamer.js";

streamerMode(document.body.dataset.code);
runRoom("table");
