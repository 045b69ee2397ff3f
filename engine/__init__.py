# Portable game engine: rules of the three games and the AI. Imports nothing outside engine/.
