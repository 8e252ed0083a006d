// A Fantastic Bits bot in C++: a wizard with a snaffle throws it at the goal it attacks; a free
// wizard runs for the snaffle nearest to it. The protocol is in docs/protocol.md; build and
// play it with
//     g++ -O2 -o fb_bot examples/cpp/fb_bot.cpp
//     botsim arena --game fb --p1 ./fb_bot --p2 builtin:chaser
#include <iostream>
#include <string>
#include <vector>

struct Entity {
    int id, x, y, vx, vy, state;
    std::string type;
};

int main() {
    int team;
    std::cin >> team;
    // Team 0 attacks the goal on the right (x = 16000), team 1 the one on the left.
    const int goal_x = team == 0 ? 16000 : 0, goal_y = 3750;
    for (int turn = 0;; ++turn) {
        int my_score, my_magic, their_score, their_magic, n;
        if (!(std::cin >> my_score >> my_magic >> their_score >> their_magic >> n)) return 0;
        std::vector<Entity> wizards, snaffles;
        for (int i = 0; i < n; ++i) {
            Entity e;
            std::cin >> e.id >> e.type >> e.x >> e.y >> e.vx >> e.vy >> e.state;
            if (e.type == "WIZARD") wizards.push_back(e);
            if (e.type == "SNAFFLE") snaffles.push_back(e);
        }
        std::vector<std::string> orders;
        for (const Entity& w : wizards) {
            if (w.state == 1) {
                orders.push_back("THROW " + std::to_string(goal_x) + " " + std::to_string(goal_y) + " 500 shoot");
                continue;
            }
            const Entity* best = nullptr;
            long best_d = 0;
            for (const Entity& s : snaffles) {
                long dx = s.x - w.x, dy = s.y - w.y, d = dx * dx + dy * dy;
                if (!best || d < best_d) best = &s, best_d = d;
            }
            if (best)
                orders.push_back("MOVE " + std::to_string(best->x + best->vx) + " " +
                                 std::to_string(best->y + best->vy) + " 150 chase");
            else
                orders.push_back("MOVE 8000 3750 150");
        }
        // stderr before the orders: the arena files it under this turn (docs/protocol.md).
        std::cerr << "turn " << turn << ": magic " << my_magic << ", score " << my_score << "-"
                  << their_score << ", " << snaffles.size() << " snaffles" << std::endl;
        std::cout << orders[0] << "\n" << orders[1] << std::endl;
    }
}
