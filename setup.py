"""The CMake step of `pip install .` (pyproject.toml): builds the target `python_package` (the
module bopp._bopp and every plugin module) and copies them into the package, the plugins into
bopp/plugins, where the module finds them beside itself.

BOPP_CMAKE_BUILD_DIR names a configured build tree to build in (CI points it at build/release,
whose work is then reused); otherwise build/pip in the source tree is configured, for this
interpreter, with ccache when CMAKE_CXX_COMPILER_LAUNCHER says so.
"""

import glob
import os
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = os.environ.get("BOPP_CMAKE_BUILD_DIR") or os.path.join(ROOT, "build", "pip")
        if not os.path.exists(os.path.join(build, "CMakeCache.txt")):
            subprocess.run(
                [
                    "cmake", "-S", ROOT, "-B", build, "-G", "Ninja",
                    "-DCMAKE_BUILD_TYPE=Release",
                    "-DBOPP_BUILD_TESTS=OFF", "-DBOPP_BUILD_BENCH=OFF",
                    f"-DPython_EXECUTABLE={sys.executable}",
                ],
                check=True,
            )
        subprocess.run(["cmake", "--build", build, "--target", "python_package"], check=True)
        module = glob.glob(os.path.join(build, "python", "bopp", "_bopp*.so"))
        if len(module) != 1:
            raise RuntimeError(f"{build}: expected one built bopp/_bopp*.so, found {module}")
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(module[0], target)
        plugins = os.path.join(os.path.dirname(target), "plugins")
        shutil.rmtree(plugins, ignore_errors=True)
        os.makedirs(plugins)
        for plugin in sorted(glob.glob(os.path.join(build, "lib", "bopp", "plugins", "libbopp-*.so"))):
            shutil.copy2(plugin, plugins)


setup(ext_modules=[Extension("bopp._bopp", sources=[])], cmdclass={"build_ext": CMakeBuild})
